import Testing
@testable import ShaderGraph
import ShaderLanguage

/// ISF's audio and audioFFT inputs: read from the header with their MAX, fed by audio nodes, and laid out
/// as images of their own shape.
@Suite("ISF audio inputs")
struct AudioInputTests {
    static let visualiser = """
        /*{
            "INPUTS": [
                { "NAME": "wave", "TYPE": "audio", "MAX": 300 },
                { "NAME": "spectrum", "TYPE": "audioFFT", "MAX": 256 },
                { "NAME": "plain", "TYPE": "audioFFT" }
            ]
        }*/
        void main() { gl_FragColor = IMG_NORM_PIXEL(wave, isf_FragNormCoord) + IMG_NORM_PIXEL(spectrum, isf_FragNormCoord) + IMG_NORM_PIXEL(plain, isf_FragNormCoord); }
        """

    @Test("audio and audioFFT inputs are image inputs with their MAX, and take no image a live source gives")
    func header() throws {
        let interface = try ShaderInterface.read(SourceText(path: "fx/v.fs", text: Self.visualiser))
        #expect(interface.samplers.map(\.name) == ["wave", "spectrum", "plain"])
        #expect(interface.soundInput(named: "wave")?.soundLength == 300)
        #expect(interface.soundInput(named: "plain")?.soundLength == nil)
        #expect(interface.primaryImageInput == nil)
        let shapes = ["wave", "spectrum", "plain"].compactMap { interface.soundInput(named: $0).flatMap(SoundImageShape.init) }
        #expect(shapes == [SoundImageShape(content: .waveform, length: 300), SoundImageShape(content: .spectrum, length: 256),
                           SoundImageShape(content: .spectrum, length: SoundImageShape.defaultSpectrumLength)])
        #expect(shapes.map(\.window) == [300, 512, 2 * SoundImageShape.defaultSpectrumLength])
    }

    @Test("an audio node wired to them validates, and the plan gives each input its image's shape")
    func wiring() throws {
        let workspace = try Workspace()
        _ = try workspace.write("v.fs", Self.visualiser)
        _ = try workspace.write("tone.wav", "RIFF")
        let path = try workspace.write("c.yaml", """
            nodes:
              tone: { kind: audio, file: tone.wav }
              live: { kind: audio }
              show: { kind: shader, file: v.fs, inputs: { wave: tone, spectrum: tone, plain: live } }
            """)
        let composition = try CompositionLoader.load(path: path)
        guard case .audio(let tone)? = composition.node(named: "tone")?.kind, case .audio(let live)? = composition.node(named: "live")?.kind else {
            Issue.record("the audio nodes were not read")
            return
        }
        #expect(tone.file == workspace.path("tone.wav"))
        #expect(live.file == nil)
        #expect(composition.files.contains(workspace.path("tone.wav")))
        let plan = try FramePlan(composition)
        let inputs = try #require(plan.passes.first?.pass.inputs)
        #expect(inputs.map(\.sound?.length) == [300, 256, 512])
        #expect(inputs.map { plan.steps[$0.source].node.name } == ["tone", "tone", "live"])
    }

    @Test("sound wired into an image input, an image into a sound input, and an unwired sound input are errors")
    func mismatches() throws {
        let workspace = try Workspace()
        _ = try workspace.write("v.fs", Self.visualiser)
        try workspace.shader("s.fsh")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              live: { kind: audio }
              bars: { kind: pattern }
              show: { kind: shader, file: v.fs, inputs: { wave: bars, spectrum: live } }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: live } }
            output: fx
            """)
        #expect(diagnostics.positioned == [
            "4:3 node 'show': \(workspace.path("v.fs")) samples 'plain', but nothing is wired to it; wire an audio node ({ kind: audio }) to it under 'inputs:'",
            "4:53 'wave' is an ISF audio input, made from sound; wire an audio node to it ({ kind: audio }), not 'bars', which makes an image",
            "5:65 'live' makes sound, which only an ISF audio or audioFFT input or a Bonzomatic spectrum takes; 'inputImageTexture' is an image input",
        ])
    }

    @Test("a lone ISF visualiser hears the live sound")
    func loneShader() throws {
        let workspace = try Workspace()
        let composition = try CompositionOpener.open(path: try workspace.write("v.fs", Self.visualiser))
        guard case .audio(let sound)? = composition.node(named: CompositionOpener.soundNodeName)?.kind,
              case .shader(let pass)? = composition.node(named: "v")?.kind else {
            Issue.record("no live sound node: \(composition.nodes.map(\.name))")
            return
        }
        #expect(sound.file == nil)
        #expect(Set(pass.inputs.values.map(\.node)) == [CompositionOpener.soundNodeName])
        #expect(composition.liveSource == nil)
    }
}

import Testing
@testable import ShaderGraph
import ShaderLanguage

/// The nodes a VS Code Shader Toy shader's directives bring into a composition, as its README has them: a node for
/// each picture, movie and shader file its channels name, its own previous frame for `"self"`, and the keyboard.
@Suite("VS Code Shader Toy channels in the graph")
struct VSCodeShaderToyChannelTests {
    @Test("opened on its own, each channel's file is a node named after the shader, wired to it; unbound channels take the live source")
    func loneShader() throws {
        let workspace = try Workspace()
        _ = try workspace.write("photo.png", bytes: [0x89, 0x50])
        _ = try workspace.write("clip.mp4", bytes: [0])
        _ = try workspace.write("trail.glsl", "void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n")
        let path = try workspace.write("look.glsl", """
            #iChannel0 "file://photo.png"
            #iChannel1 "clip.mp4"
            #iChannel2 "self"
            #iChannel3 "trail.glsl"
            #iKeyboard
            void mainImage(out vec4 c, in vec2 p) {
                c = texture(iChannel0, p) + texture(iChannel1, p) + texture(iChannel2, p) + texture(iChannel3, p) + texture(iChannel4, p);
            }
            """)
        let composition = try CompositionOpener.open(path: path)
        #expect(Set(composition.nodes.map(\.name)) == ["input", "look", "look-iChannel0", "look-iChannel1", "look-iChannel3", "look-keyboard"])
        guard case .shader(let pass)? = composition.node(named: "look")?.kind else {
            Issue.record("no shader node")
            return
        }
        #expect(pass.inputs.mapValues(\.node) == ["iChannel0": "look-iChannel0", "iChannel1": "look-iChannel1", "iChannel2": "look",
                                                  "iChannel3": "look-iChannel3", "iChannel4": "input", "iKeyboard": "look-keyboard"])
        #expect(pass.format == .rgba32f, "a pass that reads itself is kept in floats")
        #expect(composition.liveSource == "input")
        if case .image(let image)? = composition.node(named: "look-iChannel0")?.kind {
            #expect(image.file == workspace.path("photo.png"))
        } else {
            Issue.record("iChannel0 is no picture node")
        }
        if case .movie? = composition.node(named: "look-iChannel1")?.kind {} else { Issue.record("iChannel1 is no movie node") }
        if case .keyboard(let layout)? = composition.node(named: "look-keyboard")?.kind {
            #expect(layout.rows == 4)
        } else {
            Issue.record("iKeyboard is no keyboard node")
        }
        guard case .shader(let trail)? = composition.node(named: "look-iChannel3")?.kind else {
            Issue.record("iChannel3 is no pass")
            return
        }
        #expect(trail.interface.dialect == .vsCodeShaderToy, "a channel's shader file is the extension's whatever it holds")
        #expect(trail.format == .rgba32f)
    }

    @Test("the composition written for a tuned lone shader leaves what its directives bring to them")
    func loneShaderComposition() throws {
        let workspace = try Workspace()
        _ = try workspace.write("photo.png", bytes: [0x89, 0x50])
        let path = try workspace.write("look.glsl", """
            #iChannel0 "photo.png"
            #iChannel1 "self"
            uniform float amount;
            void mainImage(out vec4 c, in vec2 p) { c = (texture(iChannel0, p) + texture(iChannel1, p)) * amount; }
            """)
        let text = try LoneShaderComposition.text(forShader: path, sources: .patterns, uniforms: ["amount": "0.5"])
        #expect(!text.contains("look-iChannel0") && !text.contains("iChannel1"), "\(text)")
        let composition = try workspace.load(text, file: "look.yaml")
        guard case .shader(let pass)? = composition.node(named: "look")?.kind else {
            Issue.record("no shader node")
            return
        }
        #expect(pass.inputs.mapValues(\.node) == ["iChannel0": "look-iChannel0", "iChannel1": "look"])
    }

    @Test("a composition's own node of the name a brought node would take is an error at the directive")
    func nameTaken() throws {
        let workspace = try Workspace()
        _ = try workspace.write("photo.png", bytes: [0x89, 0x50])
        _ = try workspace.write("look.glsl", """
            #iChannel0 "photo.png"
            void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p); }
            """)
        let diagnostics = try workspace.diagnostics("""
            nodes:
              look-iChannel0: { kind: pattern }
              look: { kind: shader, file: look.glsl }
            output: look
            """)
        #expect(diagnostics.contains { $0.code == .vsCodeShaderToyDirective && $0.location?.line == 1 && $0.location?.column == 12 }, "\(diagnostics)")
    }

    @Test("the extension's filters map onto the workbench's one filter per input")
    func filters() {
        func filter(min: VSCodeShaderToyDirectives.Filter?, mag: VSCodeShaderToyDirectives.Filter?) -> InputSampling.Filter? {
            var sampling = VSCodeShaderToyDirectives.Sampling()
            sampling.minFilter = min
            sampling.magFilter = mag
            return sampling.inputSampling.filter
        }
        #expect(filter(min: nil, mag: nil) == .linear, "the extension's default")
        #expect(filter(min: .nearest, mag: .nearest) == .nearest)
        #expect(filter(min: .linearMipMapLinear, mag: .linear) == .mipmap)
        #expect(filter(min: .nearestMipMapNearest, mag: .nearest) == .nearest, "magnified reads decide")
        #expect(filter(min: .nearest, mag: .linear) == .linear)
        #expect(VSCodeShaderToyDirectives.Sampling().inputSampling.wrap == .repeat, "the extension's default")
    }

    @Test("a lone shader that does not load still names the files its channels and theirs name, missing ones included")
    func watchedFiles() throws {
        let workspace = try Workspace()
        _ = try workspace.write("pass/buffer.glsl", "#iChannel0 \"noise.png\"\n#iChannel1 \"self\"\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n")
        let path = try workspace.write("look.glsl", """
            #iChannel0 "file://photo.png"
            #iChannel1 "pass/buffer.glsl"
            #iChannel2 "https://example.com/a.png"
            void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p); }
            """)
        #expect(ReferencedFiles.of(compositionAt: path) == [path, workspace.path("photo.png"), workspace.path("pass/buffer.glsl"),
                                                              workspace.path("pass/noise.png")])
    }
}

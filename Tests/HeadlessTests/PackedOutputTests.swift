import GPU
import LiveSources
import ShaderGraph
import ShaderLanguage
import Testing
import TestSupport
import VideoFrames

/// Where frames are read back as YUV 4:2:0 on the GPU (a movie, a pipe, a virtual camera), the output's chain of
/// colour filters draws the planes itself: no image is drawn between the last filter and the planes, and the planes
/// are those the readback makes of the image the passes would have drawn.
@Suite("The output's chain drawing YUV planes itself", .serialized)
struct PackedOutputTests {
    /// The planes of `composition`'s first two frames, the output's pass drawing them or not, and the full-frame
    /// draws the second frame took.
    func planes(_ composition: Composition, packing: Bool, convertingFrames: Bool = false) throws -> (bytes: [[UInt8]], packed: Bool, draws: Int) {
        let plan = try FramePlan(composition, convertingFrames: convertingFrames, packingOutput: packing ? YUV420Packing(.bt709) : nil)
        let executor = try GraphExecutor(plan: plan, resources: GraphResources(sources: StandardFrameSources(), frameConversion: .gpu))
        executor.cameraWait = 10
        let readback = try PlanarReadback(imageSize: executor.renderSize, depth: 1, packed: executor.packsOutput)
        var frames: [VideoFrame] = []
        var draws = 0
        for index in 0..<2 {
            let before = executor.passesDrawn
            let output = try executor.renderFrame(FrameTime(index: index, fps: 30))
            draws = executor.passesDrawn - before
            if let frame = try readback.push(output, index: index) { frames.append(frame) }
        }
        frames += try readback.drain()
        return (frames.map(\.bytes), executor.packsOutput, draws)
    }

    func largestDifference(_ first: [[UInt8]], _ second: [[UInt8]]) -> Int {
        zip(first, second).map { a, b in zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0 }.max() ?? 0
    }

    func load(_ yaml: String, in folder: TemporaryFolder) throws -> Composition {
        try CompositionLoader.load(path: try folder.write("c.yaml", yaml))
    }

    /// A chain of three filters, the last with a live value wired from a reduction, at an even and an odd size
    /// (padded to even by repeating the last column and row).
    @Test(arguments: ["[64, 36]", "[63, 35]"])
    func chainDrawsPlanes(size: String) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        let composition = try load("""
            size: \(size)
            nodes:
              src: { kind: pattern }
              a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src }, uniforms: { brightness: 0.1 } }
              b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a }, uniforms: { contrast: 1.4 } }
              mean: { kind: average, input: src }
              c: { kind: shader, filter: sepia, inputs: { inputImageTexture: b }, uniforms: { intensity: mean.x } }
            output: c
            """, in: folder)
        let packed = try planes(composition, packing: true)
        let drawn = try planes(composition, packing: false)
        #expect(packed.packed && !drawn.packed)
        #expect(packed.bytes.count == 2 && drawn.bytes.count == 2)
        #expect(packed.bytes.map(\.count) == drawn.bytes.map(\.count))
        #expect(largestDifference(packed.bytes, drawn.bytes) <= 1)
        // The pattern, the average's reductions and one pass for the chain and its planes: as many draws as the chain alone.
        #expect(packed.draws == drawn.draws)
    }

    @Test("a lone filter drawing its planes gives the bytes the readback makes of its image")
    func loneFilter() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        let composition = try load("""
            size: [48, 30]
            nodes:
              src: { kind: pattern }
              edges: { kind: shader, filter: sobel, inputs: { inputImageTexture: src } }
            output: edges
            """, in: folder)
        let packed = try planes(composition, packing: true)
        #expect(packed.packed)
        #expect(packed.bytes == (try planes(composition, packing: false)).bytes)
    }

    @Test("a movie through a colour filter into YUV planes, frames converted on the GPU: one pass, the same planes within a level")
    func movieInOnePass() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        var clip = TestClip(width: 96, height: 64, frames: 4)
        clip.videoCodec = "rawvideo"
        try clip.write(to: folder.file("clip.nut"))
        let composition = try load("""
            nodes:
              clip: { kind: movie, file: clip.nut }
              warm: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip } }
            output: warm
            """, in: folder)
        let packed = try planes(composition, packing: true, convertingFrames: true)
        let separate = try planes(composition, packing: false, convertingFrames: false)
        #expect(packed.packed)
        #expect(packed.draws == 1, "the conversion, the sepia and the planes in one pass")
        #expect(separate.draws == 2, "a conversion pass and the sepia, before the readback's own pass")
        #expect(largestDifference(packed.bytes, separate.bytes) <= 1)
    }

    @Test("a compile error in the second filter of a chain drawing planes is at that file's line, naming its node")
    func errorLocated() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        try folder.write("broken.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() {
                gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * undeclaredGain;
            }
            """)
        let composition = try load("""
            size: [32, 18]
            nodes:
              src: { kind: pattern }
              a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
              b: { kind: shader, file: broken.fsh, inputs: { inputImageTexture: a } }
            output: b
            """, in: folder)
        let plan = try FramePlan(composition, packingOutput: YUV420Packing(.bt709))
        guard case .pass(let pass) = plan.steps[plan.output].work else { Issue.record("no pass"); return }
        #expect(pass.packing != nil && pass.shader.fusedMembers.map(\.node) == ["a", "b"])
        do {
            _ = try GraphExecutor(plan: plan)
            Issue.record("the broken chain built")
        } catch {
            // Only the member's error: nothing about the coordinates the packing sets.
            #expect(!error.diagnostics.contains { $0.message.contains("uninitialized") }, "\(error.diagnostics.map { $0.rendered() })")
            let located = error.diagnostics.filter { $0.location?.file.hasSuffix("broken.fsh") == true }
            #expect(located.first?.location?.line == 4, "\(error.diagnostics.map { $0.rendered() })")
            #expect(located.first.map { $0.rendered().contains("undeclaredGain") && !$0.rendered().contains("sbf") } == true)
        }
    }

    @Test("a parameter tuned on a chain drawing its planes changes them in place, as it changes the image drawn")
    func tunedInPlace() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        let composition = try load("""
            size: [32, 18]
            nodes:
              src: { kind: pattern }
              a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
              b: { kind: shader, filter: sepia, inputs: { inputImageTexture: a } }
            output: b
            """, in: folder)
        func tuned(packing: Bool) throws -> [UInt8] {
            let executor = try GraphExecutor(composition: composition, packingOutput: packing ? .bt709 : nil)
            let readback = try PlanarReadback(imageSize: executor.renderSize, depth: 1, packed: executor.packsOutput)
            #expect(executor.setUniform("brightness", of: "a", to: [0.3]))
            _ = try readback.push(try executor.renderFrame(FrameTime(index: 0, fps: 30)), index: 0)
            return try readback.drain()[0].bytes
        }
        let packed = try tuned(packing: true), drawn = try tuned(packing: false)
        #expect(largestDifference([packed], [drawn]) <= 1)
        let untouched = try planes(composition, packing: true).bytes[0]
        #expect(largestDifference([packed], [untouched]) > 10)
    }
}

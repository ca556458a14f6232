import GPU
import Images
import LiveSources
import ShaderGraph
import ShaderLanguage
import Testing
import TestSupport

/// Where frames are converted on the GPU, a movie's or camera's frame read at its own pixel by a colour filter
/// alone is converted in that filter's program: one pass fewer, the same picture as the conversion pass and the
/// filter. A frame the program cannot read as uploaded (here, stretched by its pixel aspect) is converted by the
/// pass as before.
@Suite("Frames converted in the program of the filter that reads them", .serialized)
struct FrameConversionInReaderTests {
    /// `composition`'s first frame, its frames converted on the GPU, in the program that reads them or not, and
    /// the full-frame draws the second frame took.
    func render(_ composition: Composition, inReader: Bool, keeping: Set<String> = []) throws -> (image: RGBAImage, plan: FramePlan, draws: Int) {
        let plan = try FramePlan(composition, keeping: keeping, convertingFrames: inReader)
        let executor = try GraphExecutor(plan: plan, resources: GraphResources(sources: StandardFrameSources(), frameConversion: .gpu))
        executor.cameraWait = 10
        let image = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        let before = executor.passesDrawn
        _ = try executor.renderFrame(FrameTime(index: 1, fps: 30))
        return (image, plan, executor.passesDrawn - before)
    }

    /// `yaml` loaded from a folder in which `clip` is written, uncompressed, as `clip.nut`.
    func composition(_ yaml: String, clip: TestClip, in folder: TemporaryFolder) throws -> Composition {
        var clip = clip
        clip.videoCodec = "rawvideo"
        try clip.write(to: folder.file("clip.nut"))
        return try CompositionLoader.load(path: try folder.write("c.yaml", yaml))
    }

    /// Every layout the program reads (three planes at 4:2:0 and 4:4:4, NV12, both packed 4:2:2 orders), and an
    /// anamorphic frame, which it does not.
    @Test(arguments: [("yuv420p", ""), ("yuv444p", ""), ("nv12", ""), ("yuyv422", ""), ("uyvy422", ""), ("yuv420p", "setsar=2")])
    func sameAsConversionPass(pixelFormat: String, filter: String) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        var clip = TestClip(width: 96, height: 64, frames: 4)
        clip.pixelFormat = pixelFormat
        clip.extraFilters = filter.isEmpty ? [] : [filter]
        let composition = try composition("""
            nodes:
              clip: { kind: movie, file: clip.nut }
              warm: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip }, uniforms: { intensity: 0.5 } }
            output: warm
            """, clip: clip, in: folder)
        let inReader = try render(composition, inReader: true)
        let separate = try render(composition, inReader: false)
        #expect(inReader.plan.passes.map(\.pass.shader.fusedMembers.count) == [2])
        #expect(inReader.plan.passes.first?.pass.convertedFrame?.source == inReader.plan.step(named: "clip"))
        #expect(separate.plan.passes.map(\.pass.convertedFrame) == [nil])
        #expect(separate.draws == 2, "a conversion pass and the filter")
        #expect(inReader.draws == (filter.isEmpty ? 1 : 2), "\(pixelFormat) \(filter)")
        let difference = inReader.image.largestDifference(from: separate.image)
        #expect(inReader.image.width == separate.image.width && difference <= 1, "\(pixelFormat) \(filter): \(difference) levels apart")
    }

    @Test("a frame its reader cannot convert, converted later in the frame after other passes, is the frame converted at once")
    func convertedLater() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        var clip = TestClip(width: 64, height: 48, frames: 4)
        clip.extraFilters = ["setsar=2"]
        // Drawn in this order: the movie, the pattern and its filter (which leave their textures on the units the
        // planes had), then the movie's reader, which has the feed convert the frame only now.
        let composition = try composition("""
            size: [128, 48]
            nodes:
              clip: { kind: movie, file: clip.nut }
              bars: { kind: pattern, size: [128, 48] }
              dark: { kind: shader, filter: color-invert, inputs: { inputImageTexture: bars } }
              warm: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip } }
              both: { kind: shader, filter: blend-multiply, inputs: { inputImageTexture: warm, inputImageTexture2: dark } }
            output: both
            """, clip: clip, in: folder)
        let inReader = try render(composition, inReader: true)
        #expect(inReader.plan.steps.map(\.node.name) == ["clip", "bars", "dark", "warm", "both"])
        #expect(inReader.plan.passes.contains { $0.pass.convertedFrame != nil })
        let separate = try render(composition, inReader: false)
        #expect(inReader.image.largestDifference(from: separate.image) <= 1)
    }

    @Test("a frame read by two filters, or shown on its own, is converted by its own pass, once")
    func sharedFrame() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        let composition = try composition("""
            nodes:
              clip: { kind: movie, file: clip.nut }
              warm: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip } }
              cold: { kind: shader, filter: color-invert, inputs: { inputImageTexture: clip } }
              both: { kind: shader, filter: blend-add, inputs: { inputImageTexture: warm, inputImageTexture2: cold } }
            output: both
            """, clip: TestClip(width: 64, height: 48, frames: 4), in: folder)
        #expect(try render(composition, inReader: true).draws == 4)
        var alone = composition
        alone.output = "warm"
        let shown = try render(alone, inReader: true, keeping: ["clip"])
        #expect(shown.plan.passes.map(\.pass.convertedFrame) == [nil])
        #expect(shown.draws == 2)
    }
}

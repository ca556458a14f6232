import GPU
import Images
import ShaderGraph
import Testing

/// A node reading its own previous frame: a defined first frame, accumulation over frames, and state that
/// survives a reload.
@Suite("Feedback", .serialized)
struct FeedbackTests {
    let accumulate = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D previousOutput;
        void main() { gl_FragColor = texture2D(previousOutput, textureCoordinate) + vec4(10.0 / 255.0); }
        """

    func composition(_ workspace: GPUWorkspace) throws -> Composition {
        try workspace.write("accumulate.fsh", accumulate)
        return try workspace.load("""
            size: [8, 8]
            nodes:
              sum: { kind: shader, file: accumulate.fsh, inputs: { previousOutput: sum } }
            """)
    }

    @Test("frame 0 reads transparent black, and every frame adds to the last")
    func accumulates() throws {
        let workspace = try GPUWorkspace()
        let executor = try GraphExecutor(composition: try composition(workspace))
        var levels: [UInt8] = []
        for frame in 0..<4 {
            levels.append(try executor.renderFrame(FrameTime(index: frame, fps: 30)).readPixels()[3, 3].r)
        }
        #expect(levels == [10, 20, 30, 40])
    }

    @Test("a reload that keeps the node keeps its history")
    func survivesReload() throws {
        let workspace = try GPUWorkspace()
        let resources = GraphResources()
        let first = try GraphExecutor(composition: try composition(workspace), resources: resources)
        for frame in 0..<3 { try first.renderFrame(FrameTime(index: frame, fps: 30)) }
        let second = try GraphExecutor(composition: try composition(workspace), resources: resources)
        #expect(try second.renderFrame(FrameTime(index: 3, fps: 30)).readPixels()[3, 3].r == 40)
    }

    @Test("the temporal low-pass filter starts at the image and converges on a still one")
    func lowPass() throws {
        let workspace = try GPUWorkspace()
        let image = gradientImage(width: 16, height: 8)
        try workspace.writePNG("in.png", image)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              smooth: { kind: shader, filter: low-pass, inputs: { inputImageTexture: photo, previousOutput: smooth } }
            """)
        let executor = try GraphExecutor(composition: composition)
        #expect(try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels().largestDifference(from: image) == 0)
        for frame in 1..<10 { try executor.renderFrame(FrameTime(index: frame, fps: 30)) }
        #expect(try executor.renderFrame(FrameTime(index: 10, fps: 30)).readPixels().largestDifference(from: image) <= 1)
    }
}

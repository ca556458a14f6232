import GPU
import ShaderGraph
import ShaderLanguage
import Testing

@Suite("Reusing render targets", .serialized)
struct FramebufferPoolTests {
    @Test("a chain creates its targets in the first frame and none after")
    func noAllocationAfterFirstFrame() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("step.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * 0.9; }
            """)
        let composition = try workspace.load("""
            size: [64, 32]
            nodes:
              src: { kind: pattern }
              a: { kind: shader, file: step.fsh, inputs: { inputImageTexture: src } }
              b: { kind: shader, file: step.fsh, inputs: { inputImageTexture: a } }
              c: { kind: shader, file: step.fsh, inputs: { inputImageTexture: b } }
              d: { kind: shader, file: step.fsh, inputs: { inputImageTexture: c } }
            """)
        let executor = try GraphExecutor(composition: composition)
        try executor.renderFrame(FrameTime(index: 0, fps: 30))
        let afterFirst = executor.pool.createdCount
        for frame in 1..<30 {
            try executor.renderFrame(FrameTime(index: frame, fps: 30))
        }
        #expect(executor.pool.createdCount == afterFirst)
        // A linear chain needs only two targets at once (the one read and the one written), plus the kept output.
        #expect(afterFirst <= 3)
    }

    @Test("targets are reused only for the same size and format")
    func keyedByDescriptor() throws {
        let workspace = try GPUWorkspace()
        withExtendedLifetime(workspace) {}
        let pool = FramebufferPool()
        let small = TextureDescriptor(size: PixelSize(width: 8, height: 8))
        let first = try pool.acquire(small)
        pool.release(first)
        #expect(try pool.acquire(small) === first)
        pool.release(first)
        let float = try pool.acquire(TextureDescriptor(size: PixelSize(width: 8, height: 8), format: .rgba16f))
        #expect(float !== first)
        #expect(pool.createdCount == 2)
    }
}

@Suite("Carrying programs across executors", .serialized)
struct GraphResourcesTests {
    @Test("a rebuilt graph reuses the programs of unchanged nodes and compiles only the edited one")
    func unchangedNodesAreNotRecompiled() throws {
        let workspace = try GPUWorkspace()
        let shader = """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * SCALE; }
            """
        try workspace.write("a.fsh", shader.replacingOccurrences(of: "SCALE", with: "0.9"))
        try workspace.write("b.fsh", shader.replacingOccurrences(of: "SCALE", with: "0.8"))
        // Each pass on its own, so each node has a program of its own.
        let yaml = """
            size: [16, 16]
            fuse: false
            nodes:
              src: { kind: pattern }
              a: { kind: shader, file: a.fsh, inputs: { inputImageTexture: src } }
              b: { kind: shader, file: b.fsh, inputs: { inputImageTexture: a } }
            """
        let resources = GraphResources()
        let first = try GraphExecutor(composition: try workspace.load(yaml), resources: resources)
        #expect(resources.compilations == 3)
        let second = try GraphExecutor(composition: try workspace.load(yaml), resources: resources)
        #expect(resources.compilations == 3)
        #expect(second.programs["a"] === first.programs["a"])
        try workspace.write("b.fsh", shader.replacingOccurrences(of: "SCALE", with: "0.5"))
        let third = try GraphExecutor(composition: try workspace.load(yaml), resources: resources)
        #expect(resources.compilations == 4)
        #expect(third.programs["a"] === first.programs["a"])
        #expect(third.programs["b"] !== first.programs["b"])
    }
}

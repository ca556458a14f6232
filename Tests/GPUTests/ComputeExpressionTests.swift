import GPU
import ShaderGraph
import ShaderLanguage
import Testing

/// A compute node's size and work groups written as expressions, as ISF sizes are: over `$WIDTH` and `$HEIGHT`,
/// an input's `$WIDTH_name` and `$HEIGHT_name`, and a uniform's `$name`. Expected images are the kernels'
/// arithmetic over sizes the tests work out.
@Suite("Compute size and dispatch expressions", .serialized)
struct ComputeExpressionTests {
    /// Each pixel the mean of a 2×2 block of the picture.
    static let halve = """
        #version 310 es
        layout(local_size_x = 4, local_size_y = 4) in;
        uniform highp sampler2D picture;
        layout(rgba32f, binding = 0) writeonly uniform highp image2D half_;
        void main() {
            ivec2 p = ivec2(gl_GlobalInvocationID.xy);
            if (any(greaterThanEqual(p, imageSize(half_)))) return;
            vec4 sum = vec4(0.0);
            for (int i = 0; i < 4; i++) sum += texelFetch(picture, p * 2 + ivec2(i % 2, i / 2), 0);
            imageStore(half_, p, sum / 4.0);
        }
        """

    /// Marks the pixels its invocations reach, one work group of 4 per group dispatched.
    static let mark = """
        #version 310 es
        layout(local_size_x = 4) in;
        layout(rgba8, binding = 0) writeonly uniform highp image2D marks;
        uniform highp float count;
        void main() { imageStore(marks, ivec2(gl_GlobalInvocationID.x, 0), vec4(1.0)); }
        """

    @Test("size: [\"$WIDTH_picture / 2\", …] makes the image half the input's size, and the default dispatch covers it")
    func sizeFromTheInput() throws {
        let workspace = try GPUWorkspace()
        let picture = noiseImage(width: 22, height: 10, seed: 3)
        try workspace.writePNG("noise.png", picture)
        try workspace.write("halve.comp", Self.halve)
        let composition = try workspace.load("""
            size: [64, 64]
            nodes:
              noise: { kind: image, file: noise.png }
              half: { kind: compute, file: halve.comp, inputs: { picture: noise }, size: ["$WIDTH_picture / 2", "$HEIGHT_picture / 2"] }
            output: half
            """)
        let image = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30))
        #expect(image.size == PixelSize(width: 11, height: 5))
        let floats = image.readFloats()
        for (x, y) in [(0, 0), (10, 4), (5, 2)] {
            let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { picture[x * 2 + $0.0, y * 2 + $0.1] }
            let red = Float(block.map { Int($0.r) }.reduce(0, +)) / 4 / 255
            #expect(abs(floats[(y * 11 + x) * 4] - red) < 1e-5, "(\(x), \(y))")
        }
    }

    @Test("dispatch: [\"$count / 4\"] runs as many groups as the uniform says; a change of it binds the node again")
    func dispatchFromAUniform() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("mark.comp", Self.mark)
        var composition = try workspace.load("""
            size: [16, 1]
            nodes:
              marks: { kind: compute, file: mark.comp, dispatch: ["$count / 4"], uniforms: { count: 8 } }
            output: marks
            publish: [marks.count]
            """)
        let executor = try GraphExecutor(composition: composition)
        let marked = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        // 8 / 4 = 2 groups of 4 invocations: pixels 0 to 7.
        #expect((0..<16).map { marked[$0, 0].r } == Array(repeating: 255, count: 8) + Array(repeating: 0, count: 8))
        #expect(!executor.setUniform("count", of: "marks", to: [16]), "the dispatch reads it: the graph is built again")
        try ParameterOverride.apply([ParameterOverride(name: "count", values: [16])], to: &composition)
        let all = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        #expect((0..<16).allSatisfy { all[$0, 0].r == 255 })
    }

    @Test("an expression that gives no work groups is refused when the node is bound, at the pass, saying what it gave")
    func noWorkGroups() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("mark.comp", Self.mark)
        let composition = try workspace.load("""
            size: [16, 1]
            nodes:
              marks: { kind: compute, file: mark.comp, dispatch: ["$count / 4"], uniforms: { count: 2 } }
            output: marks
            """)
        let error = try #require(throws: DiagnosticsError.self) { try GraphExecutor(composition: composition) }
        let problem = try #require(error.diagnostics.first { $0.code == .computeDispatch })
        #expect(problem.message.contains("no work groups on x") && problem.message.contains("\"$count / 4\""), "\(problem)")
        #expect(problem.location?.line == 3)
    }

    @Test("a mistake in an expression, a name it cannot read, or a wired uniform it reads is located at the composition's key")
    func mistakes() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("mark.comp", Self.mark)
        for (dispatch, uniforms, expected) in [
            ("[\"$count / \"]", "{ count: 8 }", "ends where a number"),
            ("[\"$cuont / 4\"]", "{ count: 8 }", "$count"),
            ("[\"$count / 4\"]", "{ count: level }", "sets by a wire"),
        ] {
            try workspace.write("c.yaml", """
                size: [16, 1]
                nodes:
                  level: { kind: constant, value: 8 }
                  marks: { kind: compute, file: mark.comp, dispatch: \(dispatch), uniforms: \(uniforms) }
                output: marks
                """)
            let error = try #require(throws: DiagnosticsError.self) { try CompositionLoader.load(path: workspace.root + "/c.yaml") }
            let problem = try #require(error.diagnostics.first { $0.code == .computeDispatch }, "\(error.diagnostics)")
            #expect(problem.message.contains(expected) && problem.location?.line == 4, "\(problem)")
        }
    }
}

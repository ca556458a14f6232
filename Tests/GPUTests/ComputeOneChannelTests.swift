import GPU
import ShaderGraph
import ShaderLanguage
import Testing

/// One-channel targets: a kernel stores into an `r32f` or `r32ui` image (the format `imageAtomicAdd` needs), and
/// other nodes read its values exactly, as floats in the red channel of an `rgba32f` image; another compute node
/// loads them back as a one-channel image. Expected values come from the test's own counting and arithmetic.
@Suite("Compute one-channel targets", .serialized)
struct ComputeOneChannelTests {
    static let clear = """
        #version 310 es
        layout(local_size_x = 4) in;
        layout(r32ui, binding = 0) uniform highp uimage2D counts;
        void main() { imageStore(counts, ivec2(gl_GlobalInvocationID.xy), uvec4(0u)); }
        """

    /// Counts the picture's pixels by the quarter of the range their red falls in (image atomics: an extension in
    /// GLSL ES 3.10, core in 3.20).
    static let count = """
        #version 310 es
        #extension GL_OES_shader_image_atomic : require
        layout(local_size_x = 8, local_size_y = 8) in;
        uniform highp sampler2D picture;
        layout(r32ui, binding = 0) uniform highp uimage2D counts;
        void main() {
            ivec2 p = ivec2(gl_GlobalInvocationID.xy);
            if (any(greaterThanEqual(p, textureSize(picture, 0)))) return;
            uint red = uint(texelFetch(picture, p, 0).r * 255.0 + 0.5);
            imageAtomicAdd(counts, ivec2(int(red / 64u), 0), 1u);
        }
        """

    func countingWorkspace() throws -> (GPUWorkspace, expected: [Float]) {
        let workspace = try GPUWorkspace()
        let picture = noiseImage(width: 29, height: 17, seed: 11)
        try workspace.writePNG("noise.png", picture)
        try workspace.write("clear.comp", Self.clear)
        try workspace.write("count.comp", Self.count)
        var expected = [Float](repeating: 0, count: 4)
        for y in 0..<picture.height {
            for x in 0..<picture.width { expected[Int(picture[x, y].r) / 64] += 1 }
        }
        return (workspace, expected)
    }

    static let counting = """
        size: [4, 1]
        nodes:
          noise: { kind: image, file: noise.png }
          quarters:
            kind: compute
            passes: [{ file: clear.comp }, { file: count.comp, dispatch: [4, 3, 1] }]
            inputs: { picture: noise }

        """

    @Test("counts made with imageAtomicAdd in an r32ui target are read by others exactly, started again each frame by the clearing pass")
    func atomicCounts() throws {
        let (workspace, expected) = try countingWorkspace()
        let executor = try GraphExecutor(composition: try workspace.load(Self.counting + "output: quarters\n"))
        for frame in 0..<2 {
            let floats = try executor.renderFrame(FrameTime(index: frame, fps: 30)).readFloats()
            #expect((0..<4).map { floats[$0 * 4] } == expected, "frame \(frame)")
            #expect((0..<4).allSatisfy { floats[$0 * 4 + 1] == 0 && floats[$0 * 4 + 2] == 0 && floats[$0 * 4 + 3] == 1 })
        }
    }

    @Test("another compute node loads the counts back as an r32ui image, whole")
    func loadedBack() throws {
        let (workspace, expected) = try countingWorkspace()
        try workspace.write("double.comp", """
            #version 310 es
            layout(local_size_x = 4) in;
            layout(r32ui, binding = 0) readonly uniform highp uimage2D counts;
            layout(r32ui, binding = 1) writeonly uniform highp uimage2D doubled;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                imageStore(doubled, p, imageLoad(counts, p) * 2u + 1u);
            }
            """)
        let composition = try workspace.load(Self.counting + """
              twice: { kind: compute, file: double.comp, inputs: { counts: quarters }, size: quarters }
            output: twice
            """)
        let floats = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readFloats()
        #expect((0..<4).map { floats[$0 * 4] } == expected.map { $0 * 2 + 1 })
    }

    @Test("an r32f target keeps values outside 0...1, which a fragment shader samples from the red channel")
    func singleFloats() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("values.comp", """
            #version 310 es
            layout(local_size_x = 2) in;
            layout(r32f, binding = 0) writeonly uniform highp image2D values;
            void main() {
                int x = int(gl_GlobalInvocationID.x);
                imageStore(values, ivec2(x, 0), vec4(x == 0 ? 1234.5 : -2.25));
            }
            """)
        try workspace.write("scale.fsh", """
            precision highp float;
            varying highp vec2 textureCoordinate;
            uniform sampler2D values;
            void main() { gl_FragColor = vec4(texture2D(values, textureCoordinate).r / 2469.0, -texture2D(values, textureCoordinate).r / 4.5, 0.0, 1.0); }
            """)
        let base = """
            size: [2, 1]
            nodes:
              values: { kind: compute, file: values.comp }
              scale: { kind: shader, file: scale.fsh, inputs: { values: values } }

            """
        let floats = try GraphExecutor(composition: try workspace.load(base + "output: values\n")).renderFrame(FrameTime(index: 0, fps: 30)).readFloats()
        #expect([floats[0], floats[4]] == [1234.5, -2.25])
        let pixels = try GraphExecutor(composition: try workspace.load(base + "output: scale\n")).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        // 1234.5 / 2469 = 0.5 of red (127.5: either neighbour); 2.25 / 4.5 = 0.5 of green in the second pixel.
        #expect([127, 128].contains(pixels[0, 0].r) && pixels[0, 0].g == 0)
        #expect(pixels[1, 0].r == 0 && [127, 128].contains(pixels[1, 0].g))
    }

    @Test("a target format a node cannot make is refused at the image, naming the ones it can")
    func refusedFormat() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("bad.comp", """
            #version 310 es
            layout(local_size_x = 1) in;
            layout(rgba8ui, binding = 0) writeonly uniform highp uimage2D result;
            void main() { imageStore(result, ivec2(0), uvec4(1u)); }
            """)
        let error = try #require(throws: DiagnosticsError.self) {
            try workspace.load("size: [1, 1]\nnodes:\n  bad: { kind: compute, file: bad.comp }\noutput: bad\n")
        }
        let message = try #require(error.diagnostics.first { $0.code == .computeImage })
        #expect(message.message.contains("rgba8ui") && message.message.contains("r32f, r32ui") && message.location?.line == 3, "\(message)")
    }
}

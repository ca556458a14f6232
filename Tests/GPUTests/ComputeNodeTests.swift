import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// Compute nodes: kernels writing images, atomics into storage buffers, barriers between passes and buffers
/// kept from frame to frame.
@Suite("Compute nodes", .serialized)
struct ComputeNodeTests {
    @Test("a kernel's stores land at the pixels its invocations name, y = 0 the top row, read back exactly")
    func knownPattern() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("pattern.comp", """
            #version 310 es
            layout(local_size_x = 4, local_size_y = 4) in;
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                imageStore(result, p, vec4(float(p.x) / 255.0, float(p.y) / 255.0, float(p.x * p.y) / 255.0, 1.0));
            }
            """)
        let composition = try workspace.load("""
            size: [7, 5]
            nodes:
              kernel: { kind: compute, file: pattern.comp }
            output: kernel
            """)
        let executor = try GraphExecutor(composition: composition)
        let image = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        #expect(image.width == 7 && image.height == 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let pixel = image[x, y]
                #expect([pixel.r, pixel.g, pixel.b, pixel.a] == [UInt8(x), UInt8(y), UInt8(x * y), 255])
            }
        }
    }

    @Test("a histogram counted with atomicAdd in one pass and written out by the next equals the one counted here")
    func histogram() throws {
        let workspace = try GPUWorkspace()
        let picture = noiseImage(width: 37, height: 23, seed: 7)
        try workspace.writePNG("noise.png", picture)
        try workspace.write("count.comp", """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            uniform highp sampler2D picture;
            layout(std430, binding = 0) buffer Bins { uint bins[]; };
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                ivec2 size = textureSize(picture, 0);
                if (p.x >= size.x || p.y >= size.y) return;
                uint red = uint(texelFetch(picture, p, 0).r * 255.0 + 0.5);
                atomicAdd(bins[red], 1u);
            }
            """)
        try workspace.write("write.comp", """
            #version 310 es
            layout(local_size_x = 64) in;
            layout(std430, binding = 0) readonly buffer Bins { uint bins[]; };
            layout(rgba32f, binding = 1) writeonly uniform highp image2D counts;
            void main() {
                int bin = int(gl_GlobalInvocationID.x);
                imageStore(counts, ivec2(bin, 0), vec4(float(bins[bin]), 0.0, 0.0, 1.0));
            }
            """)
        let composition = try workspace.load("""
            size: [256, 1]
            nodes:
              noise: { kind: image, file: noise.png }
              hist:
                kind: compute
                passes: [{ file: count.comp, dispatch: [5, 3, 1] }, { file: write.comp, dispatch: [4, 1, 1] }]
                inputs: { picture: noise }
                buffers: { Bins: { count: 256, type: uint } }
            output: hist
            """)
        let executor = try GraphExecutor(composition: composition)
        var expected = [Float](repeating: 0, count: 256)
        for y in 0..<picture.height { for x in 0..<picture.width { expected[Int(picture[x, y].r)] += 1 } }
        for frame in 0..<2 {
            // A buffer that is not persistent starts from zeros each frame, so the second frame counts the same.
            let floats = try executor.renderFrame(FrameTime(index: frame, fps: 30)).readFloats()
            #expect((0..<256).map { floats[$0 * 4] } == expected)
        }
    }

    @Test("a persistent buffer accumulates across frames, so a range after frame 0 draws the frames before it")
    func persistentAccumulation() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("count.comp", """
            #version 310 es
            layout(local_size_x = 1) in;
            layout(std430, binding = 0) buffer Total { float total; };
            layout(rgba8, binding = 0) writeonly uniform highp image2D shown;
            void main() {
                total += 10.0;
                imageStore(shown, ivec2(0, 0), vec4(total / 255.0, 0.0, 0.0, 1.0));
            }
            """)
        let composition = try workspace.load("""
            size: [1, 1]
            nodes:
              counter: { kind: compute, file: count.comp, dispatch: [1, 1, 1], buffers: { Total: { persistent: true } } }
            output: counter
            """)
        let executor = try GraphExecutor(composition: composition)
        var reds: [UInt8] = []
        for frame in 0..<3 { reds.append(try executor.renderFrame(FrameTime(index: frame, fps: 30)).readPixels()[0, 0].r) }
        #expect(reds == [10, 20, 30])
        #expect(executor.plan.framesDrawnBefore(2) == 0..<2)
    }

    @Test("a work group over the device's limit is refused at the kernel's line, quoting the limit")
    func localSizeOverLimit() throws {
        let workspace = try GPUWorkspace()
        let kernel = try workspace.write("big.comp", """
            #version 310 es
            layout(local_size_x = 64, local_size_y = 64) in;
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            void main() { imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(1.0)); }
            """)
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              kernel: { kind: compute, file: big.comp }
            """)
        let error = #expect(throws: DiagnosticsError.self) { try GraphExecutor(composition: composition) }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.code == .computeLocalSize)
        #expect(diagnostic.location?.file == kernel && diagnostic.location?.line == 2)
        #expect(diagnostic.message.contains("4096 invocations") && diagnostic.message.contains("GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS"))
    }
}

import GPU
import Images
import ShaderGraph
import Testing

/// Values read out of compute nodes' storage buffers, checked against what the kernels' arithmetic must have
/// left there.
@Suite("Buffer values", .serialized)
struct BufferValueTests {
    @Test("the last bins of a histogram counted with atomicAdd, read as a value and wired into a shader, are the counts made here")
    func histogramBinsIntoAUniform() throws {
        let workspace = try GPUWorkspace()
        let picture = noiseImage(width: 37, height: 23, seed: 11)
        try workspace.writePNG("noise.png", picture)
        try workspace.write("count.comp", """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            uniform highp sampler2D picture;
            layout(std430, binding = 0) buffer Bins { uint bins[]; };
            layout(rgba8, binding = 1) writeonly uniform highp image2D seen;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                ivec2 size = textureSize(picture, 0);
                if (p.x >= size.x || p.y >= size.y) return;
                uint red = uint(texelFetch(picture, p, 0).r * 255.0 + 0.5);
                atomicAdd(bins[red], 1u);
                imageStore(seen, p, vec4(1.0));
            }
            """)
        try workspace.write("show.fsh", """
            uniform highp vec4 counts;
            void main() { gl_FragColor = counts / 255.0; }
            """)
        let composition = try workspace.load("""
            size: [37, 23]
            nodes:
              noise: { kind: image, file: noise.png }
              hist: { kind: compute, file: count.comp, inputs: { picture: noise }, buffers: { Bins: { count: 256 } } }
              top: { kind: buffer, input: hist, buffer: Bins, start: 252, count: 4 }
              show: { kind: shader, file: show.fsh, size: [1, 1], uniforms: { counts: top } }
            output: show
            """)
        var expected = [Float](repeating: 0, count: 256)
        for y in 0..<picture.height { for x in 0..<picture.width { expected[Int(picture[x, y].r)] += 1 } }
        let executor = try GraphExecutor(composition: composition)
        for frame in 0..<2 {
            let image = try executor.renderFrame(FrameTime(index: frame, fps: 30)).readPixels()
            // Started from zeros each frame, the buffer holds one frame's counts.
            #expect(executor.value(of: "top") == Array(expected[252..<256]), "frame \(frame)")
            let pixel = image[0, 0]
            #expect([pixel.r, pixel.g, pixel.b, pixel.a] == expected[252..<256].map { UInt8($0) }, "frame \(frame)")
        }
    }

    @Test("vec2 elements of a persistent buffer read as two numbers each, what the frames so far added up to")
    func persistentVectors() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("step.comp", """
            #version 310 es
            layout(local_size_x = 2) in;
            layout(std430, binding = 0) buffer State { vec2 positions[]; };
            layout(rgba8, binding = 1) writeonly uniform highp image2D result;
            void main() {
                uint i = gl_GlobalInvocationID.x;
                positions[i] += vec2(float(i) + 1.0, 0.5);
                imageStore(result, ivec2(0), vec4(1.0));
            }
            """)
        let composition = try workspace.load("""
            size: [1, 1]
            nodes:
              sim: { kind: compute, file: step.comp, dispatch: [1, 1, 1], buffers: { State: { count: 3, persistent: true } } }
              state: { kind: buffer, input: sim, buffer: State, count: 3 }
            output: sim
            """)
        let executor = try GraphExecutor(composition: composition, keeping: ["state"])
        for frame in 0..<3 {
            try executor.renderFrame(FrameTime(index: frame, fps: 30))
            let frames = Float(frame + 1)
            // Two invocations write elements 0 and 1; element 2 stays as it started.
            #expect(executor.value(of: "state") == [frames, frames * 0.5, frames * 2, frames * 0.5, 0, 0], "frame \(frame)")
        }
    }

    @Test("a kernel that writes only a buffer, summing an image's red with atomicAdd, runs for the buffer node that reads it")
    func bufferOnlyKernel() throws {
        let workspace = try GPUWorkspace()
        let picture = noiseImage(width: 19, height: 13, seed: 5)
        try workspace.writePNG("noise.png", picture)
        try workspace.write("sum.comp", """
            #version 310 es
            layout(local_size_x = 4, local_size_y = 4) in;
            uniform highp sampler2D picture;
            layout(std430, binding = 0) buffer Sum { uint sums[2]; };
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                if (p.x >= 19 || p.y >= 13) return;
                atomicAdd(sums[0], uint(texelFetch(picture, p, 0).r * 255.0 + 0.5));
                atomicAdd(sums[1], 1u);
            }
            """)
        let composition = try workspace.load("""
            size: [19, 13]
            nodes:
              noise: { kind: image, file: noise.png }
              sum: { kind: compute, file: sum.comp, dispatch: [5, 4, 1], inputs: { picture: noise } }
              red: { kind: buffer, input: sum, buffer: Sum, count: 2 }
            output: noise
            """)
        let executor = try GraphExecutor(composition: composition, keeping: ["red"])
        try executor.renderFrame(FrameTime(index: 0, fps: 30))
        var total = 0
        for y in 0..<13 { for x in 0..<19 { total += Int(picture[x, y].r) } }
        #expect(executor.value(of: "red") == [Float(total), 19 * 13])
    }
}

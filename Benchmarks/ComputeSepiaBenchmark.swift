import CGLES
import Foundation
import GPU
import Images
import ShaderGraph

/// A frame filtered by a compute kernel against the same filter as a fragment pass: the library's sepia (its
/// matrix, at full intensity) over a 1280×720 still, as a kernel that reads the frame's texel at its invocation
/// and stores the toned one, and as `shaders/sepia.fsh`. Rounds alternate; each is `frames` frames finished
/// one by one (`glFinish`), and both outputs are compared once.
enum ComputeSepiaBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-compute-sepia-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let context = try HeadlessContext()
        try ImageFile.writePNG(gradient(width: 1280, height: 720), to: scratch + "/frame.png")
        try """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            uniform highp sampler2D frame;
            layout(rgba8, binding = 0) writeonly uniform highp image2D toned;
            const highp mat3 sepia = mat3(0.3588, 0.2990, 0.2392, 0.7044, 0.5870, 0.4696, 0.1368, 0.1140, 0.0912);
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                highp vec4 colour = texelFetch(frame, p, 0);
                imageStore(toned, p, vec4(min(sepia * colour.rgb, vec3(1.0)), colour.a));
            }
            """.write(toFile: scratch + "/sepia.comp", atomically: true, encoding: .utf8)
        let sepia = FilterLibrary.path(of: "sepia")
        try """
            size: [1280, 720]
            nodes:
              frame: { kind: image, file: frame.png }
              kernel: { kind: compute, file: sepia.comp, inputs: { frame: frame } }
              pass: { kind: shader, file: \(sepia), inputs: { inputImageTexture: frame }, uniforms: { intensity: 1.0 } }
            output: kernel
            """.write(toFile: scratch + "/sepia.yaml", atomically: true, encoding: .utf8)
        let composition = try CompositionLoader.load(path: scratch + "/sepia.yaml")
        var asKernel = composition, asPass = composition
        asKernel.output = "kernel"
        asPass.output = "pass"
        let kernel = try GraphExecutor(composition: asKernel, keeping: [])
        let pass = try GraphExecutor(composition: asPass, keeping: [])
        var time = 0
        func frame(_ executor: GraphExecutor) throws -> RenderTarget {
            // A new time each frame, so nothing is drawn once and kept.
            time += 1
            return try executor.renderFrame(FrameTime(index: time, fps: 30))
        }
        let kernelPixels = try frame(kernel).readPixels(), passPixels = try frame(pass).readPixels()
        let difference = zip(kernelPixels.pixels, passPixels.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let (c, f) = try FrameTimer.alternating(rounds: rounds, frames: frames, { _ = try frame(kernel) }, { _ = try frame(pass) })
        print("\n## Sepia as a compute kernel against the fragment pass (1280×720, \(frames) frames × \(rounds) rounds, medians)\n")
        print("| path | ms/frame |")
        print("|---|---:|")
        print("| compute kernel (texelFetch, imageStore) | \(String(format: "%.2f", c)) |")
        print("| fragment pass (shaders/sepia.fsh) | \(String(format: "%.2f", f)) |")
        print("\ncompute ÷ fragment: \(String(format: "%.3f", c / f)); the two outputs differ by at most \(difference) levels")
        withExtendedLifetime(context) {}
    }

    /// A smooth picture with every channel moving, so the matrix has work in each.
    private static func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                image.pixels[offset] = UInt8(x * 255 / (width - 1))
                image.pixels[offset + 1] = UInt8(y * 255 / (height - 1))
                image.pixels[offset + 2] = UInt8((x + y) * 255 / (width + height - 2))
            }
        }
        return image
    }
}

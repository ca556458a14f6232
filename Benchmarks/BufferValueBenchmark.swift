import CGLES
import Foundation
import GPU
import Images
import ShaderGraph

/// What reading a compute node's buffer in the frame costs: a 720p histogram counted with atomicAdd, its last
/// bins read as a value, against the same kernel with nothing reading its buffer, rounds alternating. Timed
/// once with each frame finished (`glFinish`), the read's own cost, and once with frames queued and finished
/// only at the end, where the read's wait for the kernel is what a later read would have saved.
enum BufferValueBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-buffer-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let context = try HeadlessContext()
        try ImageFile.writePNG(noise(width: 1280, height: 720), to: scratch + "/noise.png")
        try """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            uniform highp sampler2D picture;
            layout(std430, binding = 0) buffer Bins { uint bins[]; };
            layout(rgba8, binding = 1) writeonly uniform highp image2D seen;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                atomicAdd(bins[uint(texelFetch(picture, p, 0).r * 255.0 + 0.5)], 1u);
                imageStore(seen, p, vec4(1.0));
            }
            """.write(toFile: scratch + "/count.comp", atomically: true, encoding: .utf8)
        let yaml = """
            size: [1280, 720]
            nodes:
              noise: { kind: image, file: noise.png }
              hist: { kind: compute, file: count.comp, inputs: { picture: noise }, buffers: { Bins: { count: 256 } } }
              top: { kind: buffer, input: hist, buffer: Bins, start: 240, count: 16 }
            output: hist
            """
        try yaml.write(toFile: scratch + "/histogram.yaml", atomically: true, encoding: .utf8)
        let composition = try CompositionLoader.load(path: scratch + "/histogram.yaml")
        let reading = try GraphExecutor(composition: composition, keeping: ["top"])
        let counting = try GraphExecutor(composition: composition, keeping: [])
        var time = 0
        let frame = { (executor: GraphExecutor) throws -> Void in
            // A new time each frame, so nothing is drawn once and kept.
            time += 1
            try executor.renderFrame(FrameTime(index: time, fps: 30))
        }
        print("\n## Reading a compute node's buffer in the frame (1280×720 histogram, \(frames) frames × \(rounds) rounds, medians)\n")
        print("| frames | kernel alone ms/frame | kernel + 16 bins read ms/frame | read ÷ alone |")
        print("|---|---:|---:|---:|")
        for finished in [true, false] {
            let (a, r) = try FrameTimer.alternating(rounds: rounds, frames: frames, finishEach: finished, { try frame(counting) }, { try frame(reading) })
            print("| \(finished ? "each finished" : "queued") | \(String(format: "%.2f", a)) | \(String(format: "%.2f", r)) | \(String(format: "%.3f", r / a)) |")
        }
        withExtendedLifetime(context) {}
    }

    private static func noise(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        var state: UInt32 = 2_463_534_242
        for offset in stride(from: 0, to: image.pixels.count, by: 4) {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            image.pixels[offset] = UInt8(truncatingIfNeeded: state)
        }
        return image
    }
}

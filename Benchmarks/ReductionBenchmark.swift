import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage

/// The colour tracker's centroid two ways in one run, alternating: the GPU reduction (4×4 passes to one
/// pixel, one tiny readback) against reading the whole mask back and averaging on the CPU, as the original
/// app did. Both include the threshold pass that makes the mask; results are compared. Then the whole
/// tracking composition's frame rate on a moving disc.
enum ReductionBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-reduction-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let context = try HeadlessContext()
        print("\n## Centroid: GPU reduction vs CPU readback (\(frames) frames × \(rounds) rounds, medians, glFinish each frame)\n")
        print("| size | GPU reduction ms/frame | CPU readback + loop ms/frame | CPU ÷ GPU | tracking composition frames/s | centroids agree |")
        print("|---|---:|---:|---:|---:|---|")
        for size in [PixelSize(width: 640, height: 480), PixelSize(width: 1280, height: 720)] {
            let imagePath = scratch + "/disc-\(size.width).png"
            try ImageFile.writePNG(disc(size), to: imagePath)
            let threshold = repository + "/shaders/tracking/threshold.fsh"
            let reducing = try executor(scratch, "gpu-\(size.width)", """
                nodes:
                  photo: { kind: image, file: \(imagePath) }
                  mask: { kind: shader, file: \(threshold), inputs: { inputImageTexture: photo } }
                  where: { kind: centroid, input: mask }
                output: mask
                """, keeping: ["where"])
            let readingBack = try executor(scratch, "cpu-\(size.width)", """
                nodes:
                  photo: { kind: image, file: \(imagePath) }
                  mask: { kind: shader, file: \(threshold), inputs: { inputImageTexture: photo } }
                output: mask
                """, keeping: [])
            var gpuCentroid: [Float] = [], cpuCentroid: [Float] = []
            let gpuFrame = {
                try reducing.renderFrame(FrameTime(index: 1, fps: 30))
                gpuCentroid = reducing.value(of: "where") ?? []
            }
            let cpuFrame = {
                cpuCentroid = centroid(of: try readingBack.renderFrame(FrameTime(index: 1, fps: 30)).readPixels())
            }
            try gpuFrame()
            try cpuFrame()
            var gpuTimes: [Double] = [], cpuTimes: [Double] = []
            for round in 0..<rounds {
                let measureGPU = { 1000 / (try FrameTimer.framesPerSecond(frames: frames, render: gpuFrame)) }
                let measureCPU = { 1000 / (try FrameTimer.framesPerSecond(frames: frames, render: cpuFrame)) }
                if round.isMultiple(of: 2) {
                    gpuTimes.append(try measureGPU())
                    cpuTimes.append(try measureCPU())
                } else {
                    cpuTimes.append(try measureCPU())
                    gpuTimes.append(try measureGPU())
                }
            }
            let agree = zip(gpuCentroid, cpuCentroid).allSatisfy { abs($0 - $1) < 1e-4 } && gpuCentroid.count == cpuCentroid.count
            let tracking = try trackingRate(size: size, scratch: scratch, repository: repository, frames: frames)
            let gpu = FrameTimer.median(gpuTimes), cpu = FrameTimer.median(cpuTimes)
            print("| \(size.width)×\(size.height) | \(String(format: "%.2f", gpu)) | \(String(format: "%.2f", cpu)) | \(String(format: "%.2f", cpu / gpu)) | \(String(format: "%.1f", tracking)) | \(agree ? "yes" : "NO: \(gpuCentroid) vs \(cpuCentroid)") |")
        }
        withExtendedLifetime(context) {}
    }

    private static func executor(_ scratch: String, _ name: String, _ yaml: String, keeping: Set<String>) throws -> GraphExecutor {
        let path = scratch + "/\(name).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return try GraphExecutor(composition: try CompositionLoader.load(path: path), keeping: keeping)
    }

    /// The tracking example on a moving red disc (a ShaderToy generator as its live source), frames per second.
    private static func trackingRate(size: PixelSize, scratch: String, repository: String, frames: Int) throws -> Double {
        let generator = scratch + "/moving-disc.glsl"
        try """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec2 uv = fragCoord / iResolution.xy;
                vec2 centre = vec2(0.5 + 0.3 * cos(iTime), 0.5 + 0.25 * sin(iTime));
                vec2 offset = (uv - centre) * vec2(iResolution.x / iResolution.y, 1.0);
                fragColor = vec4(length(offset) < 0.06 ? vec3(0.9, 0.1, 0.1) : vec3(0.1, 0.5, 0.4) * (0.6 + 0.4 * uv.y), 1.0);
            }
            """.write(toFile: generator, atomically: true, encoding: .utf8)
        let composition = try CompositionOpener.open(path: repository + "/compositions/color-tracking.yaml", input: .image(path: generator))
        let executor = try GraphExecutor(composition: composition, renderSize: size)
        var frame = 0
        let render = {
            try executor.renderFrame(FrameTime(index: frame, fps: 30))
            frame += 1
        }
        try render()
        return try FrameTimer.framesPerSecond(frames: frames, render: render)
    }

    /// A red disc off-centre on a dim blue-green background.
    private static func disc(_ size: PixelSize) -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height, fill: (25, 120, 100, 255))
        let centre = (Double(size.width) * 0.7, Double(size.height) * 0.3), radius = Double(size.height) * 0.08
        for y in 0..<size.height {
            for x in 0..<size.width {
                let dx = Double(x) + 0.5 - centre.0, dy = Double(y) + 0.5 - centre.1
                if dx * dx + dy * dy <= radius * radius {
                    let offset = (y * size.width + x) * 4
                    image.pixels[offset] = 230
                    image.pixels[offset + 1] = 25
                    image.pixels[offset + 2] = 25
                }
            }
        }
        return image
    }

    /// The original app's way: every pixel of the read-back mask, weighted by its luminance.
    private static func centroid(of mask: RGBAImage) -> [Float] {
        var sumX = 0.0, sumY = 0.0, total = 0.0
        mask.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<mask.height {
                for x in 0..<mask.width {
                    let offset = (y * mask.width + x) * 4
                    let weight = (0.2126 * Double(pixels[offset]) + 0.7152 * Double(pixels[offset + 1]) + 0.0722 * Double(pixels[offset + 2])) / 255
                    guard weight > 0 else { continue }
                    sumX += weight * (Double(x) + 0.5) / Double(mask.width)
                    sumY += weight * (Double(y) + 0.5) / Double(mask.height)
                    total += weight
                }
            }
        }
        let area = total / Double(mask.width * mask.height)
        return total > 0 ? [Float(sumX / total), Float(sumY / total), Float(area)] : [-1, -1, 0]
    }
}

import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage

/// Renders the standard workloads through the graph executor and through a bare GLES loop in the same
/// run, alternating rounds so both see the same machine state, and prints medians and their ratio.
enum ExecutorBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        let shaders = repository + "/shaders"
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-benchmark-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let context = try HeadlessContext()
        print("renderer: \(context.rendererDescription)")
        print("\(frames) frames a round, \(rounds) rounds, each frame finished with glFinish; medians of the rounds")
        print("")
        print("workload    size        executor fps   bare GLES fps   ratio   outputs")
        for workload in [Workload.sepia, Workload.fivePass] {
            for size in [PixelSize(width: 1280, height: 720), PixelSize(width: 640, height: 480)] {
                let image = testImage(size)
                let imagePath = scratch + "/\(size.width)x\(size.height).png"
                try ImageFile.writePNG(image, to: imagePath)
                let compositionPath = scratch + "/\(workload.name)-\(size.width).yaml"
                try workload.yaml(image: imagePath, shaders: shaders).write(toFile: compositionPath, atomically: true, encoding: .utf8)

                // Pass by pass, as the bare loop draws it: this row measures the executor's own overhead.
                var composition = try CompositionLoader.load(path: compositionPath)
                composition.fuses = false
                let executor = try GraphExecutor(composition: composition)
                let bare = try BareChain(workload: workload, image: image, shaders: shaders)
                // Warm up both: llvmpipe compiles a program at its first draw.
                try executor.renderFrame(FrameTime(index: 0, fps: 30))
                bare.renderFrame()
                let identical = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels() == { bare.renderFrame(); return bare.readOutput() }()

                var executorRates: [Double] = []
                var bareRates: [Double] = []
                for round in 0..<rounds {
                    // Alternate which goes first so neither always runs on a warmer machine.
                    let measureExecutor = { try FrameTimer.framesPerSecond(frames: frames) { try executor.renderFrame(FrameTime(index: 1, fps: 30)) } }
                    let measureBare = { FrameTimer.framesPerSecond(frames: frames) { bare.renderFrame() } }
                    if round.isMultiple(of: 2) {
                        executorRates.append(try measureExecutor())
                        bareRates.append(measureBare())
                    } else {
                        bareRates.append(measureBare())
                        executorRates.append(try measureExecutor())
                    }
                }
                let executorMedian = FrameTimer.median(executorRates)
                let bareMedian = FrameTimer.median(bareRates)
                let row = [
                    workload.name.padding(toLength: 12, withPad: " ", startingAt: 0),
                    "\(size)".padding(toLength: 12, withPad: " ", startingAt: 0),
                    String(format: "%12.1f", executorMedian),
                    String(format: "%15.1f", bareMedian),
                    String(format: "%7.3f", executorMedian / bareMedian),
                    identical ? "   identical" : "   DIFFER",
                ]
                print(row.joined(separator: ""))
            }
        }
        withExtendedLifetime(context) {}
    }

    /// A smooth image with detail everywhere, so edge detection has work to do.
    static func testImage(_ size: PixelSize) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let index = (y * size.width + x) * 4
                pixels[index] = UInt8(x * 255 / size.width)
                pixels[index + 1] = UInt8(y * 255 / size.height)
                pixels[index + 2] = UInt8((x ^ y) & 255)
            }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }
}

import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage

/// Five colour filters over a 1920×1080 image drawn as one fused program against the same composition drawn
/// pass by pass (`fuse: false`), alternating rounds in one process; prints each one's median frame time,
/// their ratio and how far apart their pictures are. Two chains: five different filters, and five of the
/// cheapest, whose cost is nearly all the drawing of passes.
enum FusionBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        for workload in [Workload.fiveColour, Workload.fiveBrightness] {
            try run(workload, frames: frames, rounds: rounds)
        }
    }

    static func run(_ workload: Workload, frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-fusion-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let context = try HeadlessContext()
        let size = PixelSize(width: 1920, height: 1080)
        var composition = try workload.composition(size: size, in: scratch)
        let fused = try GraphExecutor(composition: composition)
        composition.fuses = false
        let separate = try GraphExecutor(composition: composition)
        let passes = (fused: fused.plan.passes.count, separate: separate.plan.passes.count)

        let fusedImage = try fused.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        let separateImage = try separate.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        let difference = zip(fusedImage.pixels, separateImage.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }

        var fusedTimes: [Double] = [], separateTimes: [Double] = []
        for round in 0..<rounds {
            let measureFused = { 1000 / (try FrameTimer.framesPerSecond(frames: frames) { try fused.renderFrame(FrameTime(index: 1, fps: 30)) }) }
            let measureSeparate = { 1000 / (try FrameTimer.framesPerSecond(frames: frames) { try separate.renderFrame(FrameTime(index: 1, fps: 30)) }) }
            if round.isMultiple(of: 2) {
                fusedTimes.append(try measureFused())
                separateTimes.append(try measureSeparate())
            } else {
                separateTimes.append(try measureSeparate())
                fusedTimes.append(try measureFused())
            }
        }
        let fusedMedian = FrameTimer.median(fusedTimes), separateMedian = FrameTimer.median(separateTimes)
        print("")
        print("fusion: \(workload.passes.map(\.shader).joined(separator: " → ")) at \(size), \(frames) frames a round, \(rounds) rounds, medians")
        print("plan            passes   ms/frame")
        print(String(format: "fused           %6d   %8.2f", passes.fused, fusedMedian))
        print(String(format: "pass by pass    %6d   %8.2f", passes.separate, separateMedian))
        print(String(format: "fused ÷ pass by pass: %.3f; pictures at most %d levels apart", fusedMedian / separateMedian, difference))
        withExtendedLifetime(context) {}
    }
}

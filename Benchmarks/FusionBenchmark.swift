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
        try againstBare(Workload.fiveColour, frames: frames, rounds: rounds)
        try chainLengths(frames: frames, rounds: rounds)
    }

    /// The fused chain through the executor against its one program drawn bare (`BarePlannedPass`), same text,
    /// same uniforms, same image: what the executor adds to a fused frame.
    static func againstBare(_ workload: Workload, frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-fusion-bare-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let size = PixelSize(width: 1920, height: 1080)
        let executor = try GraphExecutor(composition: try workload.composition(size: size, in: scratch))
        guard executor.plan.passes.count == 1, let pass = executor.plan.passes.first?.pass else {
            throw BenchmarkError("\(workload.name) does not fuse into one pass")
        }
        let bare = try BarePlannedPass(pass, image: ExecutorBenchmark.testImage(size))
        bare.renderFrame()
        let identical = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels().pixels == bare.readOutput()
        var executorTimes: [Double] = [], bareTimes: [Double] = []
        for round in 0..<rounds {
            let measureExecutor = { 1000 / (try FrameTimer.framesPerSecond(frames: frames) { try executor.renderFrame(FrameTime(index: 1, fps: 30)) }) }
            let measureBare = { 1000 / FrameTimer.framesPerSecond(frames: frames) { bare.renderFrame() } }
            if round.isMultiple(of: 2) {
                executorTimes.append(try measureExecutor())
                bareTimes.append(measureBare())
            } else {
                bareTimes.append(measureBare())
                executorTimes.append(try measureExecutor())
            }
        }
        let executorMedian = FrameTimer.median(executorTimes), bareMedian = FrameTimer.median(bareTimes)
        print("")
        print("fused \(workload.name) at \(size), the executor against its program drawn bare, \(frames) frames a round, \(rounds) rounds, medians")
        print(String(format: "executor        %8.2f ms/frame", executorMedian))
        print(String(format: "bare program    %8.2f ms/frame", bareMedian))
        print(String(format: "bare ÷ executor (throughput, executor ÷ bare): %.3f; pictures identical: %@", bareMedian / executorMedian,
                     identical ? "yes" : "no"))
    }

    /// Chains of 1 and 8 brightness filters at 1080p, each fused into one program: what a longer chain costs
    /// once it is one pass.
    static func chainLengths(frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-fusion-chain-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let size = PixelSize(width: 1920, height: 1080)
        func chain(_ length: Int) -> Workload {
            Workload(name: "brightness-\(length)", passes: (0..<length).map { _ in Workload.Pass(shader: "brightness.fsh", uniforms: ["brightness": [0.01]]) })
        }
        let one = try GraphExecutor(composition: try chain(1).composition(size: size, in: scratch))
        let eight = try GraphExecutor(composition: try chain(8).composition(size: size, in: scratch))
        var oneTimes: [Double] = [], eightTimes: [Double] = []
        for round in 0..<rounds {
            let measureOne = { 1000 / (try FrameTimer.framesPerSecond(frames: frames) { try one.renderFrame(FrameTime(index: 1, fps: 30)) }) }
            let measureEight = { 1000 / (try FrameTimer.framesPerSecond(frames: frames) { try eight.renderFrame(FrameTime(index: 1, fps: 30)) }) }
            if round.isMultiple(of: 2) {
                oneTimes.append(try measureOne())
                eightTimes.append(try measureEight())
            } else {
                eightTimes.append(try measureEight())
                oneTimes.append(try measureOne())
            }
        }
        let oneMedian = FrameTimer.median(oneTimes), eightMedian = FrameTimer.median(eightTimes)
        print("")
        print("brightness chains at \(size), fused (\(one.plan.passes.count) and \(eight.plan.passes.count) passes), \(frames) frames a round, \(rounds) rounds, medians")
        print(String(format: "×1              %8.2f ms/frame", oneMedian))
        print(String(format: "×8              %8.2f ms/frame", eightMedian))
        print(String(format: "×8 ÷ ×1: %.3f", eightMedian / oneMedian))
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

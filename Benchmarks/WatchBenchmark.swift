import Foundation
import GPU
import ShaderGraph
import ShaderLanguage

/// What watching a shader costs: the five colour filters over a 1920×1080 image, as the window draws them with
/// nothing watched (fused into one program), and with the last node watched once and twice (drawn as a pass of
/// its own, each watch one more pass of that node into two float targets), alternating rounds in one process.
/// The pass-by-pass plan is printed beside them for the cost of one pass.
enum WatchBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-watch-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let context = try HeadlessContext()
        let size = PixelSize(width: 1920, height: 1080)
        let workload = Workload.fiveColour
        let composition = try workload.composition(size: size, in: scratch)
        let watched = composition.output
        let watches = [ShaderWatch(line: 12, expression: "transformed"), ShaderWatch(line: 12, expression: "colour.rgb * 2.0")]

        let plain = try GraphExecutor(composition: composition)
        var separately = composition
        separately.fuses = false
        let passByPass = try GraphExecutor(composition: separately)
        let once = try GraphExecutor(plan: try FramePlan(composition, unfused: [watched]))
        let twice = try GraphExecutor(plan: try FramePlan(composition, unfused: [watched]))
        for (executor, count) in [(once, 1), (twice, 2)] {
            let problems = executor.watch(Array(watches.prefix(count)), of: watched).compactMap(\.problem)
            guard problems.isEmpty else { throw GPUError("the benchmark's watches do not compile: \(problems)") }
        }
        let runs: [(name: String, executor: GraphExecutor)] = [("nothing watched", plain), ("one watch", once), ("two watches", twice),
                                                                 ("pass by pass", passByPass)]
        var times = Array(repeating: [Double](), count: runs.count)
        for round in 0..<rounds {
            // Each round in another order, so no plan always runs on a warm or a cold cache.
            let order = round.isMultiple(of: 2) ? Array(runs.indices) : runs.indices.reversed()
            for index in order {
                let executor = runs[index].executor
                times[index].append(1000 / (try FrameTimer.framesPerSecond(frames: frames) { try executor.renderFrame(FrameTime(index: 1, fps: 30)) }))
            }
        }
        let medians = times.map(FrameTimer.median)
        print("")
        print("watch: \(workload.passes.map(\.shader).joined(separator: " → ")) at \(size), the last watched; \(frames) frames a round, \(rounds) rounds, medians")
        print("plan               draws   ms/frame   ÷ nothing watched")
        for (index, run) in runs.enumerated() {
            let before = run.executor.passesDrawn
            try run.executor.renderFrame(FrameTime(index: 2, fps: 30))
            let name = run.name.padding(toLength: 18, withPad: " ", startingAt: 0)
            print(name + String(format: " %5d   %8.2f   %6.3f", run.executor.passesDrawn - before, medians[index], medians[index] / medians[0]))
        }
        let onePass = medians[3] / 5
        print(String(format: "the first watch adds %.2f ms (%.2f passes: the node drawn apart, and the watch); the second %.2f ms (%.2f passes)",
                     medians[1] - medians[0], (medians[1] - medians[0]) / onePass, medians[2] - medians[1], (medians[2] - medians[1]) / onePass))
        withExtendedLifetime(context) {}
    }
}

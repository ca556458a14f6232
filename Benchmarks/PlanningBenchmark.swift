import Foundation
import ShaderGraph
import ShaderLanguage

/// How planning grows with the graph: chains of 250 to 2 000 of the library's colour filters, each loaded and
/// planned fused (one program for the chain) and pass by pass, medians of `rounds`. Prints the time per node at
/// each length and the longest chain's per node against the shortest's: near 1 when planning is linear.
/// Compiling is not counted (that is the driver's, and `check` adds it).
enum PlanningBenchmark {
    static let lengths = [250, 500, 1000, 2000]
    static let filters = ["brightness", "contrast", "saturation", "sepia", "exposure", "gamma"]

    static func run(rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-planning-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        print("")
        print("planning: chains of colour filters, \(rounds) rounds, medians, µs per node")
        print("nodes    load   plan fused   plan pass by pass   programs fused")
        var perNode: [(load: Double, fused: Double, separate: Double)] = []
        for length in lengths {
            let path = scratch + "/chain-\(length).yaml"
            try chain(length).write(toFile: path, atomically: true, encoding: .utf8)
            var loads: [Double] = [], fused: [Double] = [], separate: [Double] = []
            var programs = 0
            for _ in 0..<rounds {
                var start = monotonicSeconds()
                let composition = try CompositionLoader.load(path: path)
                loads.append(monotonicSeconds() - start)
                start = monotonicSeconds()
                let plan = try FramePlan(composition)
                fused.append(monotonicSeconds() - start)
                programs = plan.passes.count
                start = monotonicSeconds()
                _ = try FramePlan(composition, fusing: false)
                separate.append(monotonicSeconds() - start)
            }
            let row = (load: FrameTimer.median(loads) / Double(length) * 1e6, fused: FrameTimer.median(fused) / Double(length) * 1e6,
                       separate: FrameTimer.median(separate) / Double(length) * 1e6)
            perNode.append(row)
            print(String(format: "%5d  %6.0f  %11.0f  %18.0f  %15d", length, row.load, row.fused, row.separate, programs))
        }
        if let first = perNode.first, let last = perNode.last {
            print(String(format: "per node, %d nodes ÷ %d: load %.2f, plan fused %.2f, plan pass by pass %.2f",
                         lengths.last!, lengths.first!, last.load / first.load, last.fused / first.fused, last.separate / first.separate))
        }
    }

    /// A composition of `length` colour filters in a row after the test pattern.
    static func chain(_ length: Int) -> String {
        var lines = ["size: [64, 64]", "nodes:", "  source: { kind: pattern }"]
        var previous = "source"
        for index in 0..<length {
            lines.append("  f\(index): { kind: shader, filter: \(filters[index % filters.count]), inputs: { inputImageTexture: \(previous) } }")
            previous = "f\(index)"
        }
        return (lines + ["output: \(previous)"]).joined(separator: "\n") + "\n"
    }
}

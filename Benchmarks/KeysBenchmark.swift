import Foundation
import GPU
import ShaderGraph
import ShaderLanguage

/// 200 keyed parameters of one shader over a 1920×1080 frame against the same composition with each parameter
/// set to a number, alternating rounds in one process: the median frame times and their ratio, what playing
/// the keys adds to a frame.
enum KeysBenchmark {
    static let parameters = 200

    static func run(frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-keys-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let names = (0..<parameters).map { "p\($0)" }
        let shader = "precision highp float;\n" + names.map { "uniform float \($0);\n" }.joined()
            + "void main() { float sum = 0.0;\n" + names.map { "    sum += \($0);\n" }.joined()
            + "    gl_FragColor = vec4(vec3(fract(sum)), 1.0);\n}\n"
        try shader.write(toFile: scratch + "/many.fsh", atomically: true, encoding: .utf8)
        let still = "size: [1920, 1080]\nnodes:\n  many:\n    kind: shader\n    file: many.fsh\n    uniforms:\n"
            + names.map { "      \($0): 0.5\n" }.joined()
        let keyed = still + "animate:\n"
            + names.enumerated().map { "  many.\($1): [[0, 0], [0.5, 0.25, smooth], [1, 0.75, [bezier, 0.3, 0, 0.7, 1]], [2, \(Double($0 % 10) / 10)]]\n" }.joined()
        try still.write(toFile: scratch + "/still.yaml", atomically: true, encoding: .utf8)
        try keyed.write(toFile: scratch + "/keyed.yaml", atomically: true, encoding: .utf8)

        let context = try HeadlessContext()
        let stillGraph = try GraphExecutor(composition: try CompositionLoader.load(path: scratch + "/still.yaml"))
        let keyedGraph = try GraphExecutor(composition: try CompositionLoader.load(path: scratch + "/keyed.yaml"))
        var stillTimes: [Double] = [], keyedTimes: [Double] = []
        var frame = 0
        func measure(_ graph: GraphExecutor) throws -> Double {
            1000 / (try FrameTimer.framesPerSecond(frames: frames) {
                frame += 1
                try graph.renderFrame(FrameTime(index: frame, fps: 60))
            })
        }
        for round in 0..<rounds {
            if round.isMultiple(of: 2) {
                stillTimes.append(try measure(stillGraph))
                keyedTimes.append(try measure(keyedGraph))
            } else {
                keyedTimes.append(try measure(keyedGraph))
                stillTimes.append(try measure(stillGraph))
            }
        }
        // The curves alone, as each frame evaluates them: what the keys cost with the drawing's noise taken out.
        let curves = try CompositionLoader.load(path: scratch + "/keyed.yaml").animation.map(\.curve)
        var evaluationTimes: [Double] = []
        var sink: Float = 0
        for _ in 0..<rounds {
            let evaluations = 2000
            let start = ContinuousClock.now
            for evaluation in 0..<evaluations {
                let seconds = Double(evaluation) / 60
                for curve in curves { sink += curve.value(at: seconds)[0] }
            }
            evaluationTimes.append(FrameTimer.milliseconds(ContinuousClock.now - start) / Double(evaluations))
        }
        let stillMedian = FrameTimer.median(stillTimes), keyedMedian = FrameTimer.median(keyedTimes)
        let evaluationMedian = FrameTimer.median(evaluationTimes)
        print("")
        print("keys: \(parameters) keyed parameters of one shader at 1920×1080, \(frames) frames a round, \(rounds) rounds, medians")
        print(String(format: "numbers         %8.2f ms/frame", stillMedian))
        print(String(format: "keys            %8.2f ms/frame", keyedMedian))
        print(String(format: "keys ÷ numbers: %.4f", keyedMedian / stillMedian))
        print(String(format: "evaluating the %d curves alone: %.4f ms a frame, %.4f%% of a frame with numbers (sum %.1f)",
                     curves.count, evaluationMedian, 100 * evaluationMedian / stillMedian, sink))
        withExtendedLifetime(context) {}
    }
}

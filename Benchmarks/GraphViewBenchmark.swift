import Foundation
import ShaderGraph
import TestSupport

/// What the node graph (N) costs in the real window under Xvfb, on a composition of 40 nodes (a moving pattern,
/// 30 two-input shaders each reading the one before and one four back, 9 value nodes wired into them, all on
/// the output's path, unfused so opening the view changes no plan): the process's CPU time per frame presented,
/// with the view closed and open in turns; then the same graph made still, open, for frames drawn and CPU; and
/// the layout of the 40 nodes alone, timed in this process.
enum GraphViewBenchmark {
    static let shaders = 30

    static func run(rounds: Int, seconds: Double = 4) throws {
        try layoutTime(rounds: rounds)
        let window = try WindowedApp(files: files(moving: true), composition: "graph.yaml", showing: "pass\(shaders - 1)")
        Thread.sleep(forTimeInterval: 1)
        var closed: [Turn] = [], open: [Turn] = []
        for _ in 0..<rounds {
            closed.append(try measure(window, seconds: seconds))
            try toggle(window)
            open.append(try measure(window, seconds: seconds))
            try toggle(window)
        }
        window.stop()
        let process = { (turns: [Turn]) in FrameTimer.median(turns.map { $0.cpu * 1000 / Double(max($0.frames, 1)) }) }
        let main = { (turns: [Turn]) in FrameTimer.median(turns.map { $0.mainThread * 1000 / Double(max($0.frames, 1)) }) }
        // Each open turn against the closed one before it, which takes out the machine's drift between turns.
        let paired = FrameTimer.median(zip(closed, open).map { closed, open in
            (open.mainThread / Double(max(open.frames, 1)) - closed.mainThread / Double(max(closed.frames, 1))) * 1000
        })
        print(String(format: "The graph view, 40 nodes of 320×180 in a 1280×720 window under Xvfb, %d turns of %.0f s (%d frames closed, %d open), CPU a frame, medians of the turns:",
                     rounds, seconds, closed.map(\.frames).reduce(0, +), open.map(\.frames).reduce(0, +)))
        print(String(format: "  the main thread (the interface, the view, the frame's GL calls): %.2f ms closed, %.2f ms open; the view's own %.2f ms (%.2f ms turn by turn)",
                     main(closed), main(open), main(open) - main(closed), paired))
        print(String(format: "  the whole process (llvmpipe's threads too): %.2f ms closed, %.2f ms open; the view's own %.2f ms",
                     process(closed), process(open), process(open) - process(closed)))

        let still = try WindowedApp(files: files(moving: false), composition: "graph.yaml", showing: "pass\(shaders - 1)")
        try toggle(still)
        let idle = try measure(still, seconds: seconds * 2)
        still.stop()
        print(String(format: "The graph view open on the same 40 nodes made still: %d frames drawn and %.2f%% of one core over %.0f s",
                     idle.frames, idle.cpu / (seconds * 2) * 100, seconds * 2))
    }

    /// The composition: a pattern (or, still, a constant colour shader) and the shaders and values after it.
    static func files(moving: Bool) -> [String: String] {
        var yaml = "composition: 1\nsize: [320, 180]\nfuse: false\nnodes:\n"
        yaml += moving ? "  source: { kind: pattern }\n" : "  source: { kind: shader, file: flat.fsh }\n"
        let values = ["kind: lfo, rate: 0.5", "kind: constant, value: 0.2", "kind: lfo, rate: 1.5", "kind: constant, value: 0.7",
                      moving ? "kind: time" : "kind: constant, value: 0.4", "kind: lfo, waveform: triangle, rate: 0.25",
                      "kind: constant, value: 0.1", "kind: lfo, rate: 3", "kind: constant, value: 0.9"]
        for (index, value) in values.enumerated() {
            yaml += "  value\(index): { \(moving || !value.contains("lfo") ? value : "kind: constant, value: 0.5") }\n"
        }
        for index in 0..<shaders {
            let first = index == 0 ? "source" : "pass\(index - 1)", second = index < 4 ? "source" : "pass\(index - 4)"
            yaml += "  pass\(index): { kind: shader, file: mix.fsh, inputs: { inputImageTexture: \(first), second: \(second) }, uniforms: { amount: value\(index % values.count) } }\n"
        }
        yaml += "output: pass\(shaders - 1)\n"
        return [
            "graph.yaml": yaml,
            "flat.fsh": "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.3, 0.5, 0.7, 1.0); }\n",
            "mix.fsh": """
                varying highp vec2 textureCoordinate;
                uniform sampler2D inputImageTexture;
                uniform sampler2D second;
                uniform highp float amount;
                void main() {
                    gl_FragColor = mix(texture2D(inputImageTexture, textureCoordinate), texture2D(second, textureCoordinate), 0.3 + 0.2 * fract(amount));
                }
                """,
        ]
    }

    /// Lays the 40 nodes out as the view does on each new graph, and prints the median time.
    static func layoutTime(rounds: Int) throws {
        let folder = try TemporaryFolder()
        for (name, text) in files(moving: true) { try folder.write(name, text) }
        let composition = try CompositionOpener.open(path: folder.file("graph.yaml"))
        var times: [Double] = []
        for _ in 0..<max(rounds, 3) * 4 {
            let start = ContinuousClock.now
            _ = GraphLayout(composition)
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        print("")
        print(String(format: "Laying out 40 nodes and %d wires: median %.2f ms", GraphLayout(composition).edges.count, FrameTimer.median(times)))
    }

    /// N, waiting until the window has taken it, then a second for the graph to be bound again and the boxes traced.
    private static func toggle(_ window: WindowedApp) throws {
        let keys = WindowTrace(path: window.tracePath).events.filter { $0.name == "key" }.count
        try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "n"])
        guard eventually({ WindowTrace(path: window.tracePath).events.filter { $0.name == "key" }.count >= keys + 1 }) else {
            throw TestSupportError("the window did not take N")
        }
        Thread.sleep(forTimeInterval: 1)
    }

    struct Turn {
        var cpu: Double
        var mainThread: Double
        var frames: Int
    }

    /// The CPU the process and its main thread used and the frames it presented over the next `seconds`.
    private static func measure(_ window: WindowedApp, seconds: Double) throws -> Turn {
        let frames = WindowTrace(path: window.tracePath).frames.count
        let (cpu, main) = (window.cpuSeconds, mainThreadSeconds(window))
        Thread.sleep(forTimeInterval: seconds)
        return Turn(cpu: window.cpuSeconds - cpu, mainThread: mainThreadSeconds(window) - main,
                    frames: WindowTrace(path: window.tracePath).frames.count - frames)
    }

    /// User and system time of the thread that runs the window's loop: the one whose id is the process's.
    private static func mainThreadSeconds(_ window: WindowedApp) -> Double {
        let pid = window.app.processIdentifier
        return (try? IdleBenchmark.cpuSeconds(of: pid, thread: pid)) ?? .nan
    }
}

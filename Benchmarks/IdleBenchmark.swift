import Foundation
import TestSupport

/// CPU the window uses while nothing changes: a still composition with a published parameter open for ten
/// seconds under Xvfb, then as long again with the parameter panel open (P); then a lone shader that ignores the
/// moving pattern it is fed, a composition whose moving nodes are not on the output's path, and a compute
/// kernel that reads nothing that changes. Read from the process's own utime and stime in /proc.
enum IdleBenchmark {
    static func run(seconds: Double = 10) throws {
        let window = try WindowedApp(files: [
            "still.fsh": "precision mediump float;\nuniform float level;\nvoid main() { gl_FragColor = vec4(0.2, 0.4, level, 1.0); }\n",
            "still.yaml": "composition: 1\nsize: [640, 360]\nnodes:\n  still: { kind: shader, file: still.fsh, uniforms: { level: 0.6 } }\npublish: [still.level]\n",
        ], composition: "still.yaml", showing: "still")
        print("")
        try measure(window, seconds: seconds, what: "a still composition open")
        try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "p"])
        guard eventually({ WindowTrace(path: window.tracePath).events.contains { $0.name == "panel-control" } }) else {
            throw TestSupportError("the parameter panel did not open")
        }
        try measure(window, seconds: seconds, what: "a still composition and the parameter panel open")
        window.stop()

        // Still pictures made from moving parts: what a node depends on is read from its linked program.
        let ignoring = "varying highp vec2 textureCoordinate;\nuniform sampler2D inputImageTexture;\nvoid main() { gl_FragColor = vec4(textureCoordinate, 0.5, 1.0); }\n"
        let lone = try WindowedApp(files: ["ignores.fsh": ignoring], composition: "ignores.fsh", showing: "ignores")
        try measure(lone, seconds: seconds, what: "a lone shader that never samples the moving pattern it is given")
        lone.stop()
        let aside = try WindowedApp(files: [
            "ignores.fsh": ignoring,
            "aside.yaml": "composition: 1\nsize: [640, 360]\nnodes:\n  bars: { kind: pattern }\n  wave: { kind: lfo, rate: 1 }\n  still: { kind: shader, file: ignores.fsh, inputs: { inputImageTexture: bars } }\noutput: still\n",
        ], composition: "aside.yaml", showing: "still")
        try measure(aside, seconds: seconds, what: "moving nodes beside the output, none on its path")
        aside.stop()
        let kernel = try WindowedApp(files: [
            "glow.comp": """
                #version 310 es
                layout(local_size_x = 8, local_size_y = 8) in;
                layout(rgba8, binding = 0) writeonly uniform highp image2D result;
                void main() { imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(vec2(gl_GlobalInvocationID.xy) / 640.0, 0.5, 1.0)); }
                """,
        ], composition: "glow.comp", showing: nil)
        try measure(kernel, seconds: seconds, what: "a still compute kernel on its own")
        kernel.stop()
    }

    private static func measure(_ window: WindowedApp, seconds: Double, what: String) throws {
        Thread.sleep(forTimeInterval: 1)
        let framesBefore = WindowTrace(path: window.tracePath).frames.count
        let before = try cpuSeconds(of: window.app.processIdentifier)
        Thread.sleep(forTimeInterval: seconds)
        let after = try cpuSeconds(of: window.app.processIdentifier)
        let framesAfter = WindowTrace(path: window.tracePath).frames.count
        print(String(format: "Idle: %.2f%% of one core over %.0f s with %@; %d frames drawn meanwhile",
                     (after - before) / seconds * 100, seconds, what, framesAfter - framesBefore))
    }

    /// User plus system CPU time of a process, or of one of its threads, in seconds.
    static func cpuSeconds(of process: Int32, thread: Int32? = nil) throws -> Double {
        let path = thread.map { "/proc/\(process)/task/\($0)/stat" } ?? "/proc/\(process)/stat"
        let stat = try String(contentsOfFile: path, encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        guard let close = stat.lastIndex(of: ")") else { throw TestSupportError("unreadable /proc stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw TestSupportError("unreadable /proc stat")
        }
        return (user + system) / ticks
    }
}

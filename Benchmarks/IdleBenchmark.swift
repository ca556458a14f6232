import Foundation
import TestSupport

/// CPU the window uses while nothing changes: a still composition with a published parameter open for ten
/// seconds under Xvfb, then as long again with the parameter panel open (P), read from the process's own utime
/// and stime in /proc.
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

    /// User plus system CPU time of a process, in seconds.
    static func cpuSeconds(of process: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8)
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

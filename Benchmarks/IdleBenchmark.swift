import Foundation
import TestSupport

/// CPU the window uses while nothing changes: a still composition open for ten seconds under Xvfb, read
/// from the process's own utime and stime in /proc.
enum IdleBenchmark {
    static func run(seconds: Double = 10) throws {
        let window = try WindowedApp(files: [
            "still.fsh": "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.2, 0.4, 0.6, 1.0); }\n",
            "still.yaml": "composition: 1\nsize: [640, 360]\nnodes:\n  still: { kind: shader, file: still.fsh }\n",
        ], composition: "still.yaml", showing: "still")
        let tracePath = window.tracePath
        let app = window.app
        Thread.sleep(forTimeInterval: 1)
        let framesBefore = WindowTrace(path: tracePath).frames.count
        let before = try cpuSeconds(of: app.processIdentifier)
        Thread.sleep(forTimeInterval: seconds)
        let after = try cpuSeconds(of: app.processIdentifier)
        let framesAfter = WindowTrace(path: tracePath).frames.count
        print("")
        print(String(format: "Idle: %.2f%% of one core over %.0f s with a still composition open; %d frames drawn meanwhile",
                     (after - before) / seconds * 100, seconds, framesAfter - framesBefore))
        window.stop()
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

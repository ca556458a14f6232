import Foundation
import TestSupport

/// The real app in a window under Xvfb, writing its trace, for the benchmarks that time it from outside.
final class WindowedApp {
    let window: WindowProcess
    let folder: TemporaryFolder
    var app: RunningProcess { window.app }
    var display: VirtualDisplay { window.display }
    var tracePath: String { folder.file("trace.jsonl") }

    /// Writes `files` (name → text) to a new folder, opens `composition` among them with `arguments` after it
    /// and `environment` added, and waits until `node`'s program has been swapped in (with no node, a compute
    /// kernel's, whose programs are not swapped: until a frame is presented).
    init(files: [String: String], composition: String, showing node: String?, arguments: [String] = [],
         environment added: [String: String] = [:]) throws {
        folder = try TemporaryFolder()
        for (name, text) in files {
            try folder.write(name, text)
        }
        window = try WindowProcess([folder.file(composition), "--trace", folder.file("trace.jsonl")] + arguments,
                                   environment: ProcessInfo.processInfo.environment.merging(added) { _, new in new }, directory: folder.path)
        let app = window.app
        let tracePath = folder.file("trace.jsonl")
        guard eventually(timeout: 30, {
            let trace = WindowTrace(path: tracePath)
            return node.map { trace.swappedProgram(for: $0, after: 0) != nil } ?? !trace.frames.isEmpty
        }) else {
            throw TestSupportError("the window never showed \(composition): \(app.error)")
        }
    }

    /// The CPU time the app has used so far, user and system, in seconds.
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(app.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func stop() {
        app.stopNow()
    }
}

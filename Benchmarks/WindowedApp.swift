import Foundation
import TestSupport

/// The real app in a window under Xvfb, writing its trace, for the benchmarks that time it from outside.
final class WindowedApp {
    let display: VirtualDisplay
    let folder: TemporaryFolder
    let app: RunningProcess
    var tracePath: String { folder.file("trace.jsonl") }

    /// Writes `files` (name → text) to a new folder, opens `composition` among them, and waits until
    /// `node`'s program has been swapped in.
    init(files: [String: String], composition: String, showing node: String) throws {
        display = try VirtualDisplay()
        folder = try TemporaryFolder()
        for (name, text) in files {
            try folder.write(name, text)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        app = try RunningProcess(Repository.executable, ["open", folder.file(composition), "--trace", folder.file("trace.jsonl")],
                                 environment: environment, directory: folder.path, logs: folder.path)
        let tracePath = folder.file("trace.jsonl")
        guard eventually(timeout: 30, { WindowTrace(path: tracePath).swappedProgram(for: node, after: 0) != nil }) else {
            throw TestSupportError("the window never showed \(composition): \(app.error)")
        }
    }

    func stop() {
        app.stopNow()
    }

    /// The app goes before its display: a display stopped under a connected client can wedge.
    deinit {
        app.stopNow()
    }
}

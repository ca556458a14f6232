import Foundation

/// Under `scripts/sanitize`, one line per process a test starts (its id, folder and command line), in the file
/// `SHADERBENCH_PROCESS_LOG` names: a sanitizer's report is named by the id of the process that wrote it, and
/// this says which test's command that was. Nothing is written when the variable is unset.
enum ProcessLog {
    static let path = ProcessInfo.processInfo.environment["SHADERBENCH_PROCESS_LOG"].flatMap { $0.isEmpty ? nil : $0 }

    static func started(_ process: Process) {
        guard let path else { return }
        let command = ([process.executableURL?.path ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
        let line = "\(process.processIdentifier)\t\(process.currentDirectoryURL?.path ?? ".")\t\(command)\n"
        // One write of a short line to a file opened for appending lands whole, whichever test writes beside it.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
    }
}

import Foundation

/// A process left running while a test works with it, its output going to files the test can read at
/// any time; terminated with the value.
public final class RunningProcess {
    private let process = Process()
    public let outputPath: String
    public let errorPath: String

    public init(_ executable: String, _ arguments: [String], environment: [String: String], directory: String, logs: String) throws {
        outputPath = logs + "/stdout.txt"
        errorPath = logs + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = executable == Repository.executable ? Self.withTestPreload(environment) : environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        ProcessLog.started(process)
    }

    /// `SHADERBENCH_TEST_PRELOAD`, when set, is preloaded into the workbench's own processes after what the
    /// test preloads: `scripts/sanitize` keeps Mesa's driver loaded in the window to the end that way, which
    /// every process cannot have (the compilers the tests run crash with it).
    private static func withTestPreload(_ environment: [String: String]) -> [String: String] {
        guard let preload = environment["SHADERBENCH_TEST_PRELOAD"], !preload.isEmpty else { return environment }
        var environment = environment
        environment["LD_PRELOAD"] = [environment["LD_PRELOAD"], preload].compactMap { $0 }.joined(separator: ":")
        return environment
    }

    public var isRunning: Bool { process.isRunning }
    public var processIdentifier: Int32 { process.processIdentifier }
    public var status: Int32 { process.terminationStatus }

    public var output: String { textSoFar(of: outputPath) }
    public var error: String { textSoFar(of: errorPath) }

    public func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return !process.isRunning
    }

    /// Ends the process now (the value's release does the same).
    public func stopNow() {
        stop(process)
    }

    /// Kills the process (SIGKILL, as a crash would) and waits for it: for programs that take their time over
    /// SIGTERM, or whose sudden end is the point.
    public func killNow() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit {
        stop(process)
    }
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
public func eventually(timeout: TimeInterval = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout * testTimeScale)
    repeat {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return try condition()
}

/// How much longer than usual waits may take: `SHADERBENCH_TEST_TIME_SCALE`, which `scripts/sanitize` sets for
/// instrumented builds that run several times slower; 1 otherwise.
public let testTimeScale: Double = {
    guard let text = ProcessInfo.processInfo.environment["SHADERBENCH_TEST_TIME_SCALE"], let scale = Double(text), scale >= 1 else { return 1 }
    return scale
}()

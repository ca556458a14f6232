import Foundation
import OperatingSystem

/// Paths in the checkout the tests were built from, and the built `shaderbench` executable.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// The executable sits beside the test bundle in the build folder.
    public static var executable: String {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return bundle.appendingPathComponent("shaderbench").path
    }

    /// Every example composition, so a new one is covered without editing a test.
    public static var compositions: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("compositions"))) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }
}

/// A finished run of the real executable.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var output: String
    public var error: String
}

/// Runs `shaderbench` with `arguments` in `directory`, with no terminal, and waits for it. `environment`
/// replaces the inherited one when given.
public func runShaderbench(_ arguments: [String], in directory: String = Repository.root,
                           environment: [String: String]? = nil) throws -> ProcessResult {
    try runProcess(Repository.executable, arguments, in: directory, environment: environment)
}

/// Runs any program the same way: a compiler, or a program it built.
public func runProcess(_ executable: String, _ arguments: [String], in directory: String,
                       environment: [String: String]? = nil) throws -> ProcessResult {
    let process = Process()
    if let environment { process.environment = environment }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    ProcessLog.started(process)
    // Both streams drain at once: a program that fills one pipe while the other is read would wait forever.
    let errorText = Locked("")
    let errorRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errorText.withLock { $0 = text }
        errorRead.signal()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorRead.wait()
    return ProcessResult(status: process.terminationStatus,
                         output: String(decoding: outputData, as: UTF8.self),
                         error: errorText.withLock { $0 })
}

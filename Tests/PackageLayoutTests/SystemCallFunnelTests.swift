import Foundation
import Testing

/// OperatingSystem's `SystemCall` is the one place a call interrupted by a signal is made again: a module
/// that retries EINTR itself has a loop of its own that the funnel's tests never see. This reads every source
/// file of every module (Swift and C alike, Capture's libv4l2 calls included) and fails on one outside
/// OperatingSystem that spells EINTR.
@Suite("System-call funnel")
struct SystemCallFunnelTests {
    static let sources = LayeringTests.root + "/Sources"

    /// The files under Sources that spell EINTR, as paths from Sources.
    static func filesSpellingEINTR() throws -> [String] {
        guard let files = FileManager.default.enumerator(atPath: sources) else { return [] }
        var found: [String] = []
        for case let file as String in files
        where [".swift", ".c", ".h", ".cpp", ".m"].contains(where: file.hasSuffix) {
            guard let text = try? String(contentsOfFile: sources + "/" + file, encoding: .utf8) else { continue }
            if text.contains("EINTR") { found.append(file) }
        }
        return found.sorted()
    }

    @Test("no file outside OperatingSystem spells EINTR")
    func onlyOperatingSystemRetries() throws {
        let files = try Self.filesSpellingEINTR()
        #expect(files.contains("OperatingSystem/SystemCall.swift"), "the scan found the funnel itself: \(files)")
        #expect(files.contains { $0.hasPrefix("Capture/") } == false, "Capture retries EINTR itself: \(files)")
        let outside = files.filter { !$0.hasPrefix("OperatingSystem/") }
        #expect(outside.isEmpty, "retry through SystemCall.perform instead: \(outside)")
    }
}

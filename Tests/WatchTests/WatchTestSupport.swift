import Foundation
import Glibc
import Testing
@testable import Watch

struct SystemCallFailure: Error, CustomStringConvertible {
    let call: String
    let path: String
    let code: Int32

    init(_ call: String, _ path: String) {
        self.call = call
        self.path = path
        code = errno
    }

    var description: String { "\(call) \(path): \(String(cString: strerror(code)))" }
}

/// The ways editors and tools put bytes on disk, done with the same system calls they use.
enum Save {
    /// open(O_TRUNC) and write in place, as `cp`, shell redirects and some vim settings do. `midway`
    /// runs between the two halves, while the file is open and half written.
    static func inPlace(
        _ path: String, _ text: String, pause: Duration = .milliseconds(5), midway: () -> Void = {}
    ) throws {
        let bytes = Array(text.utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemCallFailure("open", path) }
        defer { close(descriptor) }
        let half = bytes.count / 2
        try write(descriptor, bytes[..<half], path)
        midway()
        sleep(pause)
        try write(descriptor, bytes[half...], path)
    }

    /// Writes a whole file under a temporary name in the same directory and renames it over the
    /// target, as VS Code, JetBrains, gedit and vim (with backupcopy=no) do.
    static func byRename(_ path: String, _ text: String, temporaryName: String) throws {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let temporary = directory + "/" + temporaryName
        try inPlace(temporary, text)
        guard rename(temporary, path) == 0 else { throw SystemCallFailure("rename", temporary) }
    }

    static func remove(_ path: String) throws {
        guard unlink(path) == 0 else { throw SystemCallFailure("unlink", path) }
    }

    /// A real `sed -i`, which writes a temporary file beside the target and renames it over.
    static func sedInPlace(_ path: String, _ script: String) throws {
        let sed = Process()
        sed.executableURL = URL(fileURLWithPath: "/usr/bin/sed")
        sed.arguments = ["-i", script, path]
        try sed.run()
        sed.waitUntilExit()
        #expect(sed.terminationStatus == 0)
    }

    static func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>, _ path: String) throws {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written >= 0 else { throw SystemCallFailure("write", path) }
            rest = rest.dropFirst(written)
        }
    }

    static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
}

/// Drives a watcher the way the app's main loop does: sleep on its descriptor until it is readable or
/// the next change is due, then poll.
enum Drive {
    /// Polls until `count` changes arrived or `timeout` passed, then keeps polling long enough for a
    /// duplicate to have settled, so a test sees everything the watcher would report.
    static func changes(
        _ watcher: FileWatcher, count: Int, timeout: Duration = .seconds(3), thenQuiet: Duration? = nil
    ) -> [FileChange] {
        let clock = ContinuousClock()
        var changes: [FileChange] = []
        let giveUp = clock.now + timeout
        while changes.count < count, clock.now < giveUp {
            wait(watcher, atMost: .milliseconds(20))
            changes += watcher.poll()
        }
        let quietEnd = clock.now + (thenQuiet ?? max(.milliseconds(200), watcher.absencePeriod * 2))
        while clock.now < quietEnd {
            wait(watcher, atMost: min(.milliseconds(20), quietEnd - clock.now))
            changes += watcher.poll()
        }
        return changes
    }

    /// Polls for `duration`, for the cases where nothing may be reported.
    static func nothing(_ watcher: FileWatcher, for duration: Duration) -> [FileChange] {
        changes(watcher, count: 0, thenQuiet: duration)
    }

    static func wait(_ watcher: FileWatcher, atMost limit: Duration) {
        var wait = limit
        if let deadline = watcher.nextDeadline {
            wait = min(wait, max(.zero, deadline - .now))
        }
        let (seconds, attoseconds) = wait.components
        let milliseconds = Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        var descriptor = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        _ = Glibc.poll(&descriptor, 1, milliseconds)
    }
}

extension FileChange {
    static func modified(_ path: String, _ text: String) -> FileChange {
        FileChange(path: path, kind: .modified, contents: Array(text.utf8))
    }

    static func restored(_ path: String, _ text: String) -> FileChange {
        FileChange(path: path, kind: .restored, contents: Array(text.utf8))
    }

    static func removed(_ path: String) -> FileChange {
        FileChange(path: path, kind: .removed)
    }
}

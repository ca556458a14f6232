#if canImport(Glibc)
import Glibc
#endif
import Foundation
import OperatingSystem
import Synchronization

/// A `FileWatcher` run on a thread of its own, for a main loop that is often busy drawing: events are
/// read (and so timed) the moment they arrive, each save is read from disk off the loop, and `wake` is
/// called once settled saves are waiting in `takeChanges()`. A loop that polled the watcher itself would
/// only see a save after the frame in progress, and would start its quiet period that much late.
public final class SaveListener: Sendable {
    /// What the listening thread shares with the owner; the thread holds this, not the listener, so
    /// releasing the listener stops it.
    private final class Shared: Sendable {
        let watcher: Locked<FileWatcher>
        let settled = Locked<[FileChange]>([])
        let stopping = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
        /// Written to interrupt the thread's wait: the watched set changed, or it must stop.
        let nudgeRead: Int32
        let nudgeWrite: Int32

        init(watcher: consuming sending FileWatcher, nudgeRead: Int32, nudgeWrite: Int32) {
            self.watcher = Locked(watcher)
            self.nudgeRead = nudgeRead
            self.nudgeWrite = nudgeWrite
        }

        func nudge() {
            var byte: UInt8 = 1
            _ = write(nudgeWrite, &byte, 1)
        }
    }

    private let shared: Shared

    /// Watches `paths` as `FileWatcher(paths:quietPeriod:absencePeriod:)` does; `wake` is called on the
    /// listening thread.
    public init(paths: Set<String>, quietPeriod: Duration, absencePeriod: Duration,
                wake: @escaping @Sendable () -> Void) throws(WatchError) {
        let watcher = try FileWatcher(paths: paths, quietPeriod: quietPeriod, absencePeriod: absencePeriod)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            watcher.close()
            throw WatchError("cannot make a pipe for the file watcher: \(SystemError.reason(for: code))")
        }
        let shared = Shared(watcher: watcher, nudgeRead: ends[0], nudgeWrite: ends[1])
        self.shared = shared
        let thread = Thread { Self.listen(shared, wake: wake) }
        thread.name = "shaderbench-save-listener"
        thread.start()
    }

    /// Replaces the watched set, as `FileWatcher.update(paths:)` does.
    public func update(paths: Set<String>) throws(WatchError) {
        try shared.watcher.withLock { watcher throws(WatchError) in try watcher.update(paths: paths) }
        shared.nudge()
    }

    /// The saves settled since the last call, in the order they settled.
    public func takeChanges() -> [FileChange] {
        shared.settled.withLock { changes in
            defer { changes.removeAll() }
            return changes
        }
    }

    /// Stops the thread and the watch; the process may then start another watcher. Calling it again
    /// does nothing.
    public func stop() {
        guard !shared.stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shared.nudge()
        shared.finished.wait()
        shared.watcher.withLock { $0.close() }
        close(shared.nudgeRead)
        close(shared.nudgeWrite)
    }

    deinit {
        stop()
    }

    private static func listen(_ shared: Shared, wake: @Sendable () -> Void) {
        while !shared.stopping.load(ordering: .acquiring) {
            let (descriptor, deadline) = shared.watcher.withLock { ($0.fileDescriptor, $0.nextDeadline) }
            var waits = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: shared.nudgeRead, events: Int16(POLLIN), revents: 0)]
            do {
                try SystemCall.perform("poll") {
                    // Rounded up, so a deadline less than a millisecond away does not spin; worked out at each
                    // try, so a wait that a signal interrupts resumes toward the same deadline.
                    let timeout = deadline.map { Int32(max(0, (($0 - .now) / .milliseconds(1)).rounded(.up))) } ?? -1
                    return poll(&waits, 2, timeout)
                }
            } catch {
                break
            }
            if waits[1].revents != 0 {
                // One read takes every nudge so far; a later one wakes the next wait.
                var bytes = [UInt8](repeating: 0, count: 64)
                _ = read(shared.nudgeRead, &bytes, bytes.count)
            }
            let changes = shared.watcher.withLock { $0.poll() }
            guard !changes.isEmpty else { continue }
            shared.settled.withLock { $0 += changes }
            wake()
        }
        shared.finished.signal()
    }
}

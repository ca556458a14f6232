import CInotifyTools
import Glibc
import OperatingSystem

/// Whether an `InotifySession` is live in this process.
///
/// libinotifytools keeps ONE inotify instance, its watch tables and its read buffer in process-wide
/// globals, so two sessions would silently share (and one's teardown would close) the other's state.
/// Rather than multiplex, a second live session is refused with an error that says so: the app needs
/// one watcher, and the rule keeps every caller honest about who owns the library.
private let sessionIsLive = Locked(false)

/// The process's single use of libinotifytools, and the only code in the module that speaks C.
///
/// Non-blocking reads: in 3.22, `inotifytools_next_event(0)` is `inotifytools_next_events(-1, 1)` and
/// blocks forever, while `inotifytools_next_events(0, 1)` select(2)s with a zero timeout and returns
/// NULL at once when nothing is queued. Draining with the latter until it returns NULL also empties
/// the library's internal read buffer, so the descriptor's readiness for poll(2) reflects every
/// pending event.
///
/// Not thread-safe, like the library: the owning `FileWatcher` is used from one thread.
final class InotifySession {
    /// The library's inotify descriptor, readable when events are queued; -1 once closed.
    private(set) var fileDescriptor: Int32

    /// The library select(2)s on its descriptor with an fd_set, which cannot hold a larger number.
    private static let selectLimit: Int32 = 1024

    /// Bounds one drain so that a directory flooded with events cannot hold the frame loop; whatever
    /// is left stays queued for the next poll.
    private static let drainLimit = 65_536

    private static let directoryEvents: Int32 =
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_MODIFY
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR

    init() throws(WatchError) {
        let claimed = sessionIsLive.withLock { live in
            if live { return false }
            live = true
            return true
        }
        guard claimed else {
            throw WatchError(
                "another FileWatcher is live in this process; libinotifytools keeps one global inotify "
                    + "state, so close that watcher before creating a new one")
        }
        let before = InotifyDescriptors.open()
        guard inotifytools_initialize() == 1 else {
            let code = inotifytools_error()
            Self.release()
            throw WatchError("cannot start inotify: \(SystemError.reason(for: code))")
        }
        let opened = InotifyDescriptors.open().subtracting(before)
        guard opened.count == 1, let descriptor = opened.first else {
            // No new descriptor means someone else initialised the library in this process.
            if !opened.isEmpty { inotifytools_cleanup() }
            Self.release()
            throw WatchError(
                "cannot identify libinotifytools' inotify descriptor: the library is already in use "
                    + "elsewhere in this process")
        }
        guard descriptor < Self.selectLimit else {
            inotifytools_cleanup()
            Self.release()
            throw WatchError(
                "inotify descriptor \(descriptor) is too large for libinotifytools' select(2); "
                    + "the process has too many files open")
        }
        // The library opens it without flags. Children (a `sed -i` run by the app, a shader compiler)
        // must not inherit it, and a reader must never block the frame loop.
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        fileDescriptor = descriptor
    }

    deinit {
        close()
    }

    var isOpen: Bool { fileDescriptor >= 0 }

    /// Watches a directory for the events that saves, renames and removals of its entries produce,
    /// and returns the watch descriptor that those events will carry.
    func watchDirectory(_ directory: String) throws(WatchError) -> Int32 {
        guard isOpen else { throw .closed }
        guard inotifytools_watch_file(directory, Self.directoryEvents) == 1 else {
            throw .cannotWatch(directory, code: inotifytools_error())
        }
        // The library's name-to-descriptor table keeps a dead entry after a watched directory is
        // deleted, and answers with it when a new directory of the same name is watched. The kernel
        // answers with the live descriptor for an inode already watched; IN_MASK_ADD with the same
        // mask leaves the watch as it is.
        let watch = inotify_add_watch(fileDescriptor, directory, UInt32(Self.directoryEvents | IN_MASK_ADD))
        guard watch >= 0 else { throw .cannotWatch(directory, code: errno) }
        return watch
    }

    /// Stops a live watch. Only for watches the kernel still holds: the library reports a failure on
    /// stderr when asked to remove one that already ended.
    func removeWatch(_ watch: Int32) {
        guard isOpen else { return }
        _ = inotifytools_remove_watch_by_wd(watch)
    }

    /// Every event queued so far, without waiting.
    func drainEvents() -> [InotifyEvent] {
        guard isOpen else { return [] }
        return drain(limit: Self.drainLimit)
    }

    /// Ends the session and lets another one start.
    func close() {
        guard isOpen else { return }
        // The library's read buffer is static and survives inotifytools_cleanup(): events left in it
        // would be handed to the next session, whose descriptors start again at 1 and would match.
        _ = drain(limit: .max)
        inotifytools_cleanup()
        fileDescriptor = -1
        Self.release()
    }

    private func drain(limit: Int) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        // One event per call: with a larger count the library spins on FIONREAD, whatever the
        // timeout, until that many events' worth of bytes is queued.
        while events.count < limit, let event = inotifytools_next_events(0, 1) {
            events.append(
                InotifyEvent(
                    watch: event.pointee.wd,
                    name: String(cString: cinotify_event_name(event)),
                    flags: Self.flags(event.pointee.mask)))
        }
        return events
    }

    private static let flagsByBit: [(bit: Int32, flags: InotifyEvent.Flags)] = [
        (IN_MODIFY, .modified),
        (IN_CREATE, .created),
        (IN_CLOSE_WRITE, .closedAfterWrite),
        (IN_MOVED_TO, .movedIn),
        (IN_MOVED_FROM, .movedOut),
        (IN_DELETE, .deleted),
        (IN_MOVE_SELF, .directoryMoved),
        (IN_DELETE_SELF, .directoryGone),
        (IN_UNMOUNT, .directoryGone),
        (IN_IGNORED, .watchEnded),
        (IN_Q_OVERFLOW, .overflow),
        (IN_ISDIR, .isDirectory),
    ]

    private static func flags(_ mask: UInt32) -> InotifyEvent.Flags {
        var flags: InotifyEvent.Flags = []
        for entry in flagsByBit where mask & UInt32(entry.bit) != 0 {
            flags.insert(entry.flags)
        }
        return flags
    }

    private static func release() {
        sessionIsLive.withLock { $0 = false }
    }
}

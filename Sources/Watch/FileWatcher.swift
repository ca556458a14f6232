/// Watches a set of files and reports each settled save exactly once, whatever way the editor saved.
///
/// Each file's directory is watched, not the file: editors that rename a temporary file over the
/// target, or delete and recreate it, would leave a watch on the file pointing at a dead inode.
/// Events are read without blocking in `poll(now:)` and stamped with that `now`, so poll every frame
/// (or when `fileDescriptor` is readable and at `nextDeadline`). A file's change becomes due once no
/// writer is mid-save (IN_MODIFY or IN_CREATE opens a save, IN_CLOSE_WRITE or a rename ends it) and its
/// last event is `quietPeriod` old; a file that went away (deleted, or renamed away) waits
/// `absencePeriod` instead, since editors that save that way put it back a moment later. Contents are
/// read when the change is reported and compared by hash with what was last reported, so a rewrite with
/// the same bytes reports nothing.
///
/// Only one watcher may be live per process, because libinotifytools keeps global state; creating a
/// second throws until the first is closed or released. A directory that disappears reports its files
/// as removed and stops being watched until `update(paths:)` watches it again.
public final class FileWatcher {
    /// How long a finished save must stay untouched before it is read: gathers a burst of saves into one.
    public let quietPeriod: Duration
    /// How long a file that went away, or whose events were lost, waits before it is read.
    public let absencePeriod: Duration

    private var session: InotifySession?
    private var files: [String: WatchedFile] = [:]
    private var directories: [DirectoryIdentity: WatchedDirectory] = [:]
    private var directoryByWatch: [Int32: DirectoryIdentity] = [:]
    /// Counts events, so a settle can tell whether a file was touched while it was being read.
    private var eventSerial: UInt64 = 0

    private struct WatchedFile {
        let location: WatchedPath
        /// nil once the directory's watch ended; the file then waits for `update(paths:)`.
        var directory: DirectoryIdentity?
        /// The hash of the content last reported (or found at the start); nil while the file is absent.
        var reported: ContentHash?
        var pending: Pending?
    }

    private struct Pending {
        var lastEvent: ContinuousClock.Instant
        /// `quietPeriod` or `absencePeriod`, after what the last event said.
        var wait: Duration
        var serial: UInt64
        /// A writer has modified or created the file and not yet closed it: the bytes are not final.
        var writerOpen: Bool
    }

    private struct WatchedDirectory {
        let watch: Int32
        /// Entry name → the watched paths (as given) that refer to it.
        var paths: [String: Set<String>] = [:]
    }

    /// Starts watching `paths`. Each file's directory must exist; the file itself may appear later,
    /// and is then reported as `.restored`.
    public init(paths: Set<String>, quietPeriod: Duration = .milliseconds(40),
                absencePeriod: Duration = .milliseconds(200)) throws(WatchError) {
        self.quietPeriod = quietPeriod
        self.absencePeriod = max(quietPeriod, absencePeriod)
        session = try InotifySession()
        try update(paths: paths)
    }

    /// Replaces the watched set: directories are watched as needed and dropped when no longer needed.
    /// Newly added files have their current content recorded as the baseline. On error the watcher is
    /// left as it was.
    public func update(paths: Set<String>) throws(WatchError) {
        guard let session else { throw .closed }
        let now = ContinuousClock.now
        // Retire watches the kernel already ended, so their directories are watched afresh below.
        absorb(session.drainEvents(), at: now)

        var wanted: [String: (location: WatchedPath, directory: DirectoryIdentity)] = [:]
        for path in paths {
            let location = try WatchedPath(path)
            wanted[path] = (location, try DirectoryIdentity(of: location.directory))
        }

        var added: [DirectoryIdentity: WatchedDirectory] = [:]
        for (location, identity) in wanted.values where directories[identity] == nil && added[identity] == nil {
            do {
                let watch = try session.watchDirectory(location.directory)
                added[identity] = WatchedDirectory(watch: watch)
            } catch {
                for directory in added.values { session.removeWatch(directory.watch) }
                throw error
            }
        }
        for (identity, directory) in added {
            directories[identity] = directory
            directoryByWatch[directory.watch] = identity
        }

        files = files.filter { wanted[$0.key] != nil }
        for (path, target) in wanted {
            if var file = files[path] {
                if file.directory != target.directory {
                    // Watched again after its directory went away or was replaced: whatever happened
                    // unwatched is reported once it settles.
                    file.directory = target.directory
                    file.pending = pend(at: now, writerOpen: false, wait: absencePeriod)
                    files[path] = file
                }
            } else {
                // Read after the watch exists, so a save racing this read is still seen as an event.
                files[path] = WatchedFile(
                    location: target.location, directory: target.directory,
                    reported: Self.baseline(FileRead(path: path)), pending: nil)
            }
        }

        let needed = Set(files.values.compactMap(\.directory))
        for (identity, directory) in directories where !needed.contains(identity) {
            session.removeWatch(directory.watch)
            forget(identity)
        }
        reindex()
    }

    /// Non-blocking: reads the pending inotify events and returns the changes that have settled by
    /// `now`, at most one per file, ordered by path.
    public func poll(now: ContinuousClock.Instant = .now) -> [FileChange] {
        guard let session else { return [] }
        absorb(session.drainEvents(), at: now)
        return settle(at: now, session: session)
    }

    /// When the earliest pending change will have settled, for a caller that sleeps between polls; nil
    /// when nothing is pending, or when every pending file still has a writer mid-save (its closing
    /// event makes `fileDescriptor` readable).
    public var nextDeadline: ContinuousClock.Instant? {
        files.values.compactMap { file in
            file.pending.flatMap { $0.writerOpen ? nil : $0.lastEvent + $0.wait }
        }.min()
    }

    /// Readable when inotify has events, for poll(2) or select(2) in a main loop; -1 once closed.
    public var fileDescriptor: Int32 { session?.fileDescriptor ?? -1 }

    /// Stops watching and frees the process's inotify state for another watcher. Also happens when
    /// the watcher is released; calling it again does nothing.
    public func close() {
        session?.close()
        session = nil
        files = [:]
        directories = [:]
        directoryByWatch = [:]
    }

    /// The number of directories watched now.
    var watchedDirectoryCount: Int { directories.count }

    private static func baseline(_ read: FileRead) -> ContentHash? {
        if case .contents(let bytes) = read { ContentHash(of: bytes) } else { nil }
    }

    private func pend(at now: ContinuousClock.Instant, writerOpen: Bool, wait: Duration) -> Pending {
        eventSerial += 1
        return Pending(lastEvent: now, wait: wait, serial: eventSerial, writerOpen: writerOpen)
    }

    private func absorb(_ events: [InotifyEvent], at now: ContinuousClock.Instant) {
        for event in events {
            if event.flags.contains(.overflow) {
                // Events were lost: any file may have changed.
                for path in files.keys where files[path]?.directory != nil {
                    let pending = pend(at: now, writerOpen: false, wait: absencePeriod)
                    files[path]?.pending = pending
                }
                continue
            }
            guard let identity = directoryByWatch[event.watch], let directory = directories[identity] else {
                continue  // a watch already dropped, or its final IN_IGNORED
            }
            if !event.flags.isDisjoint(with: [.directoryMoved, .directoryGone, .watchEnded]) {
                if event.flags.contains(.directoryMoved) {
                    // The watch would follow the directory to its new name, where the paths are not.
                    session?.removeWatch(event.watch)
                }
                lose(identity, at: now)
                continue
            }
            for path in directory.paths[event.name] ?? [] {
                guard let file = files[path] else { continue }
                let writerOpen = Self.opensSave(event, at: path, wasOpen: file.pending?.writerOpen ?? false)
                let wentAway = !event.flags.isDisjoint(with: [.movedOut, .deleted])
                let pending = pend(at: now, writerOpen: writerOpen, wait: wentAway ? absencePeriod : quietPeriod)
                files[path]?.pending = pending
            }
        }
    }

    /// Whether, after this event, a writer is still in the middle of a save.
    private static func opensSave(_ event: InotifyEvent, at path: String, wasOpen: Bool) -> Bool {
        let flags = event.flags
        if !flags.isDisjoint(with: [.closedAfterWrite, .movedIn, .movedOut, .deleted]) { return false }
        if flags.contains(.modified) { return true }
        if flags.contains(.created) {
            // A regular file created with open(2) will be closed and reported by IN_CLOSE_WRITE; a
            // link or a directory arrives whole and has no close to wait for.
            return !flags.contains(.isDirectory) && NewEntry(path: path).isFreshRegularFile
        }
        return wasOpen
    }

    /// The directory's watch ended: its files are checked once more (and so reported removed if gone)
    /// and then wait for `update(paths:)`.
    private func lose(_ identity: DirectoryIdentity, at now: ContinuousClock.Instant) {
        for path in files.keys where files[path]?.directory == identity {
            let pending = pend(at: now, writerOpen: false, wait: absencePeriod)
            files[path]?.directory = nil
            files[path]?.pending = pending
        }
        forget(identity)
    }

    private func forget(_ identity: DirectoryIdentity) {
        if let directory = directories.removeValue(forKey: identity) {
            directoryByWatch[directory.watch] = nil
        }
    }

    private func reindex() {
        for identity in directories.keys { directories[identity]?.paths = [:] }
        for (path, file) in files {
            guard let identity = file.directory else { continue }
            directories[identity]?.paths[file.location.name, default: []].insert(path)
        }
    }

    private func settle(at now: ContinuousClock.Instant, session: InotifySession) -> [FileChange] {
        let due = files.compactMap { path, file -> (path: String, serial: UInt64)? in
            guard let pending = file.pending, !pending.writerOpen, pending.lastEvent + pending.wait <= now else {
                return nil
            }
            return (path, pending.serial)
        }
        guard !due.isEmpty else { return [] }
        let reads = due.map { (path: $0.path, serial: $0.serial, read: FileRead(path: $0.path)) }
        // A save that began during the reads would make them torn snapshots; its events are queued by
        // now, and any file they touch waits for its own quiet period instead.
        absorb(session.drainEvents(), at: now)

        var changes: [FileChange] = []
        for (path, serial, read) in reads.sorted(by: { $0.path < $1.path }) {
            guard var file = files[path], file.pending?.serial == serial else { continue }
            file.pending = nil
            switch read {
            case .contents(let bytes):
                let hash = ContentHash(of: bytes)
                if file.reported == nil {
                    changes.append(FileChange(path: path, kind: .restored, contents: bytes))
                } else if file.reported != hash {
                    changes.append(FileChange(path: path, kind: .modified, contents: bytes))
                }
                file.reported = hash
            case .missing:
                if file.reported != nil {
                    changes.append(FileChange(path: path, kind: .removed))
                }
                file.reported = nil
            case .unreadable:
                break  // keep the last state; the next event will try again
            }
            files[path] = file
        }
        return changes
    }
}

/// A FileWatcher is used by one thread at a time; `SaveListener` shares one between two behind a lock.
@available(*, unavailable)
extension FileWatcher: Sendable {}

import Foundation
import Glibc
import Synchronization
import Testing
@testable import Watch
import TestSupport

/// Every test that starts a watcher lives in this one serialised suite: libinotifytools allows one
/// live session per process, and each test closes its watcher before the next begins.
@Suite("FileWatcher", .serialized)
struct FileWatcherTests {
    /// For saves made of several steps with a gap between them (delete then recreate, bursts), long
    /// enough that a busy machine pausing the test between two steps cannot split one save in two.
    static let patient = Duration.milliseconds(300)

    @Test("An in-place save (truncate, write in two chunks, close) is reported once")
    func inPlaceSave() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.inPlace(shader, "void main() { /* new */ }") {
            #expect(watcher.poll().isEmpty)
        }

        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "void main() { /* new */ }")])
    }

    @Test(
        "A temporary file renamed over the target is reported once",
        arguments: [".x.fsh.swp", "x.fsh~", "x.fsh.tmp.123", ".goutputstream-Q1W2E3", "x.fsh.new"])
    func renameOver(temporaryName: String) throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.byRename(shader, "renamed over", temporaryName: temporaryName)

        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "renamed over")])
    }

    @Test("vim's backup dance (rename away, write anew, delete the backup) is reported once")
    func renameAwayAndWrite() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader], quietPeriod: Self.patient, absencePeriod: Self.patient)
        defer { watcher.close() }

        #expect(rename(shader, directory.file("x.fsh~")) == 0)
        #expect(watcher.poll().isEmpty)
        try Save.inPlace(shader, "new")
        try Save.remove(directory.file("x.fsh~"))

        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "new")])
    }

    @Test("A delete followed by a recreate is one modification, not a removal and a restore")
    func deleteThenRecreate() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader], quietPeriod: Self.patient, absencePeriod: Self.patient)
        defer { watcher.close() }

        try Save.remove(shader)
        #expect(watcher.poll().isEmpty)
        try Save.inPlace(shader, "recreated")

        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "recreated")])
    }

    @Test("A real `sed -i` is reported once, with sed's output")
    func sedInPlace() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "vec3 colour = red;\n")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.sedInPlace(shader, "s/red/blue/")

        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "vec3 colour = blue;\n")])
    }

    @Test("Ten saves within the quiet period are one change with the final content")
    func burst() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader], quietPeriod: Self.patient, absencePeriod: Self.patient)
        defer { watcher.close() }

        var polled: [FileChange] = []
        for save in 1...10 {
            if save.isMultiple(of: 2) {
                try Save.byRename(shader, "save \(save)", temporaryName: "x.fsh.tmp.\(save)")
            } else {
                try Save.inPlace(shader, "save \(save)", pause: .milliseconds(1))
            }
            polled += watcher.poll()
            Save.sleep(.milliseconds(3))
        }

        #expect(polled.isEmpty)
        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "save 10")])
    }

    @Test("Files in several directories are watched at once")
    func severalDirectories() throws {
        let directory = try TemporaryFolder()
        let shaders = try ["a", "b", "c/d"].map { try directory.makeFolder($0) + "/x.fsh" }
        for shader in shaders { try Save.inPlace(shader, "old") }
        let watcher = try FileWatcher(paths: Set(shaders))
        defer { watcher.close() }
        #expect(watcher.watchedDirectoryCount == 3)

        try Save.inPlace(shaders[0], "A")
        try Save.byRename(shaders[1], "B", temporaryName: ".x.fsh.swp")
        try Save.sedInPlace(shaders[2], "s/old/C/")

        let changes = Drive.changes(watcher, count: 3)
        #expect(
            Set(changes) == [.modified(shaders[0], "A"), .modified(shaders[1], "B"), .modified(shaders[2], "C")])
        #expect(changes.count == 3)
    }

    @Test("A file that disappears is removed once, and restored once with its content when it returns")
    func removeThenRestore() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "before")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.remove(shader)
        #expect(Drive.changes(watcher, count: 1) == [.removed(shader)])

        try Save.byRename(shader, "before", temporaryName: "x.fsh.tmp.9")
        #expect(Drive.changes(watcher, count: 1) == [.restored(shader, "before")])
    }

    @Test("A file renamed away is removed")
    func renamedAway() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "before")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        #expect(rename(shader, directory.file("y.fsh")) == 0)

        #expect(Drive.changes(watcher, count: 1) == [.removed(shader)])
    }

    @Test("A save that rewrites the same bytes reports nothing")
    func sameBytes() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "unchanged")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.inPlace(shader, "unchanged")
        try Save.byRename(shader, "unchanged", temporaryName: ".x.fsh.swp")
        try Save.sedInPlace(shader, "s/nothing-matches//")

        #expect(Drive.nothing(watcher, for: .milliseconds(300)).isEmpty)
    }

    @Test("A half-written file is never reported; its close reports the full content once")
    func halfWritten() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        var whileOpen: [FileChange] = []
        var deadlineWhileOpen: ContinuousClock.Instant?
        try Save.inPlace(shader, "the whole shader, written slowly", pause: .zero) {
            // Far past the quiet period, with the writer still holding the file.
            whileOpen = Drive.nothing(watcher, for: watcher.quietPeriod * 8)
            deadlineWhileOpen = watcher.nextDeadline
        }

        #expect(whileOpen.isEmpty)
        #expect(deadlineWhileOpen == nil)
        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "the whole shader, written slowly")])
    }

    @Test("Swap files, backups and unrelated files beside a watched file report nothing")
    func neighbours() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.inPlace(directory.file(".x.fsh.swp"), "swap")
        try Save.inPlace(directory.file(".x.fsh.swp"), "swap again")
        try Save.inPlace(directory.file("x.fsh~"), "backup")
        try Save.inPlace(directory.file("other.fsh"), "unrelated")
        try Save.byRename(directory.file("other.fsh"), "unrelated 2", temporaryName: "other.tmp")
        try Save.remove(directory.file(".x.fsh.swp"))
        _ = try directory.makeFolder("x.fsh.d")
        try Save.inPlace(directory.file("x.fsh.d/x.fsh"), "same name, other directory")

        #expect(Drive.nothing(watcher, for: .milliseconds(300)).isEmpty)
    }

    @Test("update(paths:) watches files in new directories and stops reporting dropped ones")
    func updatePaths() throws {
        let directory = try TemporaryFolder()
        let kept = directory.file("kept.fsh")
        let dropped = try directory.makeFolder("old") + "/dropped.fsh"
        let added = try directory.makeFolder("new") + "/added.fsh"
        for path in [kept, dropped, added] { try Save.inPlace(path, "baseline") }
        let watcher = try FileWatcher(paths: [kept, dropped])
        defer { watcher.close() }
        #expect(watcher.watchedDirectoryCount == 2)

        try watcher.update(paths: [kept, added])
        #expect(watcher.watchedDirectoryCount == 2)
        try Save.inPlace(dropped, "changed while dropped")
        try Save.inPlace(added, "baseline")  // the baseline was recorded on update: no change
        #expect(Drive.nothing(watcher, for: .milliseconds(200)).isEmpty)

        try Save.inPlace(added, "added, then saved")
        try Save.inPlace(kept, "kept, then saved")
        let changes = Drive.changes(watcher, count: 2)
        #expect(changes == [.modified(kept, "kept, then saved"), .modified(added, "added, then saved")])

        try watcher.update(paths: [])
        #expect(watcher.watchedDirectoryCount == 0)
        try Save.inPlace(kept, "unwatched")
        #expect(Drive.nothing(watcher, for: .milliseconds(200)).isEmpty)
    }

    @Test("A file missing at the start is allowed, and reported as restored when it appears")
    func missingFileAppears() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("later.fsh")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }
        #expect(Drive.nothing(watcher, for: .milliseconds(100)).isEmpty)

        try Save.inPlace(shader, "here now")

        #expect(Drive.changes(watcher, count: 1) == [.restored(shader, "here now")])
    }

    @Test("A file appearing as a symbolic link or a hard link is reported, with no close to wait for")
    func linksAppear() throws {
        let directory = try TemporaryFolder()
        let original = directory.file("original.fsh")
        try Save.inPlace(original, "linked content")
        let symbolic = directory.file("symbolic.fsh")
        let hard = directory.file("hard.fsh")
        let watcher = try FileWatcher(paths: [symbolic, hard])
        defer { watcher.close() }

        #expect(symlink(original, symbolic) == 0)
        #expect(link(original, hard) == 0)

        let changes = Drive.changes(watcher, count: 2)
        #expect(changes == [.restored(hard, "linked content"), .restored(symbolic, "linked content")])
    }

    @Test("A missing directory is an error that names it")
    func missingDirectory() throws {
        let directory = try TemporaryFolder()
        let missing = directory.file("nowhere")
        #expect(throws: WatchError("cannot watch \(missing): No such file or directory")) {
            _ = try FileWatcher(paths: [missing + "/x.fsh"])
        }
        let notDirectory = directory.file("plain")
        try Save.inPlace(notDirectory, "a file")
        #expect(throws: WatchError("cannot watch \(notDirectory): Not a directory")) {
            _ = try FileWatcher(paths: [notDirectory + "/x.fsh"])
        }
    }

    @Test("A failed update leaves the watcher as it was")
    func failedUpdate() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }
        let other = try directory.makeFolder("other") + "/y.fsh"

        #expect(throws: WatchError.self) {
            try watcher.update(paths: [other, directory.file("nowhere/z.fsh")])
        }
        #expect(watcher.watchedDirectoryCount == 1)

        try Save.inPlace(shader, "still watched")
        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "still watched")])
    }

    @Test("Only one watcher may be live, because libinotifytools state is process-wide")
    func oneLiveWatcher() throws {
        let directory = try TemporaryFolder()
        let first = try FileWatcher(paths: [directory.file("a.fsh")])
        #expect(throws: WatchError.self) {
            _ = try FileWatcher(paths: [directory.file("b.fsh")])
        }
        first.close()
        first.close()
        #expect(first.fileDescriptor == -1)
        #expect(first.poll().isEmpty)
        #expect(throws: WatchError.closed) { try first.update(paths: []) }

        let second = try FileWatcher(paths: [directory.file("b.fsh")])
        defer { second.close() }
        try Save.inPlace(directory.file("b.fsh"), "second")
        #expect(Drive.changes(second, count: 1) == [.restored(directory.file("b.fsh"), "second")])
    }

    @Test("Releasing a watcher without close() also frees the session")
    func releaseFreesSession() throws {
        let directory = try TemporaryFolder()
        do {
            _ = try FileWatcher(paths: [directory.file("a.fsh")])
        }
        let next = try FileWatcher(paths: [directory.file("a.fsh")])
        next.close()
    }

    @Test("Events left unread when a watcher closes never reach the next watcher")
    func noStaleEvents() throws {
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        let firstShader = first.file("x.fsh")
        let secondShader = second.file("x.fsh")
        try Save.inPlace(secondShader, "untouched")
        let watcher = try FileWatcher(paths: [firstShader])
        for save in 0..<50 { try Save.inPlace(firstShader, "save \(save)", pause: .zero) }
        watcher.close()

        let next = try FileWatcher(paths: [secondShader])
        defer { next.close() }
        #expect(Drive.nothing(next, for: .milliseconds(200)).isEmpty)
    }

    @Test("poll returns promptly when nothing happened, and the descriptor is not readable")
    func pollIsPrompt() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        let clock = ContinuousClock()
        var slowest = Duration.zero
        for _ in 0..<50 {
            var changes: [FileChange] = []
            let elapsed = clock.measure { changes = watcher.poll() }
            #expect(changes.isEmpty)
            slowest = max(slowest, elapsed)
        }
        #expect(slowest < .milliseconds(50))
        var descriptor = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(Glibc.poll(&descriptor, 1, 0) == 0)
        #expect(watcher.nextDeadline == nil)
    }

    @Test("The descriptor turns readable on a save, and nextDeadline is the quiet period after it")
    func descriptorAndDeadline() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }
        #expect(watcher.fileDescriptor >= 0)

        try Save.inPlace(shader, "new")
        var descriptor = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(Glibc.poll(&descriptor, 1, 3000) == 1)

        let now = ContinuousClock.now
        #expect(watcher.poll(now: now).isEmpty)
        #expect(watcher.nextDeadline == now + watcher.quietPeriod)
        #expect(watcher.poll(now: now + watcher.quietPeriod - .milliseconds(1)).isEmpty)
        #expect(watcher.poll(now: now + watcher.quietPeriod) == [.modified(shader, "new")])
        #expect(watcher.nextDeadline == nil)
        #expect(Glibc.poll(&descriptor, 1, 0) == 0)
    }

    @Test("A file that goes away waits the absence period, a finished save only the quiet period")
    func absenceWaitsLonger() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader], quietPeriod: .milliseconds(5), absencePeriod: .milliseconds(100))
        defer { watcher.close() }
        var descriptor = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)

        try Save.remove(shader)
        #expect(Glibc.poll(&descriptor, 1, 3000) == 1)
        var now = ContinuousClock.now
        #expect(watcher.poll(now: now).isEmpty)
        #expect(watcher.nextDeadline == now + watcher.absencePeriod)
        #expect(watcher.poll(now: now + watcher.quietPeriod).isEmpty)
        #expect(watcher.poll(now: now + watcher.absencePeriod) == [.removed(shader)])

        try Save.byRename(shader, "back", temporaryName: "x.fsh.tmp")
        #expect(Glibc.poll(&descriptor, 1, 3000) == 1)
        now = ContinuousClock.now
        #expect(watcher.poll(now: now).isEmpty)
        #expect(watcher.nextDeadline == now + watcher.quietPeriod)
        #expect(watcher.poll(now: now + watcher.quietPeriod) == [.restored(shader, "back")])
    }

    @Test("A save followed by a delete within the quiet period reports only the removal")
    func saveThenDelete() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.inPlace(shader, "short-lived")
        try Save.remove(shader)

        #expect(Drive.changes(watcher, count: 1) == [.removed(shader)])
    }

    @Test("Contents are read when the change is reported, not when the event arrived")
    func readAtReportTime() throws {
        let directory = try TemporaryFolder()
        let shader = directory.file("x.fsh")
        try Save.inPlace(shader, "old")
        // A write through a hard link in another directory reaches the same bytes without an event
        // on the watched directory.
        let alias = try directory.makeFolder("elsewhere") + "/alias.fsh"
        #expect(link(shader, alias) == 0)
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try Save.inPlace(shader, "saved")
        var descriptor = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(Glibc.poll(&descriptor, 1, 3000) == 1)
        let now = ContinuousClock.now
        #expect(watcher.poll(now: now).isEmpty)
        try Save.inPlace(alias, "rewritten after the event")

        #expect(watcher.poll(now: now + watcher.quietPeriod) == [.modified(shader, "rewritten after the event")])
        #expect(Drive.nothing(watcher, for: .milliseconds(200)).isEmpty)
    }

    @Test("A deleted directory reports its files removed; update(paths:) watches it again once recreated")
    func directoryDeletedAndRecreated() throws {
        let directory = try TemporaryFolder()
        let folder = try directory.makeFolder("shaders")
        let shader = folder + "/x.fsh"
        try Save.inPlace(shader, "old")
        let watcher = try FileWatcher(paths: [shader])
        defer { watcher.close() }

        try FileManager.default.removeItem(atPath: folder)
        #expect(Drive.changes(watcher, count: 1) == [.removed(shader)])
        #expect(watcher.watchedDirectoryCount == 0)
        #expect(throws: WatchError.self) { try watcher.update(paths: [shader]) }

        _ = try directory.makeFolder("shaders")
        try Save.inPlace(shader, "back")
        try watcher.update(paths: [shader])
        #expect(watcher.watchedDirectoryCount == 1)
        #expect(Drive.changes(watcher, count: 1) == [.restored(shader, "back")])

        try Save.byRename(shader, "saved in the new directory", temporaryName: ".x.fsh.swp")
        #expect(Drive.changes(watcher, count: 1) == [.modified(shader, "saved in the new directory")])
    }

    @Test("Changes are reported under each spelling the caller gave, relative paths included")
    func spellings() throws {
        let directory = try TemporaryFolder()
        _ = try directory.makeFolder("sub")
        let plain = directory.file("sub/x.fsh")
        let dotted = directory.path + "/./sub//x.fsh"
        // Relative to the current directory, which the test must not change: other suites share it.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + plain.drop { $0 == "/" }
        try Save.inPlace(plain, "old")
        let watcher = try FileWatcher(paths: [plain, dotted, relative])
        defer { watcher.close() }
        #expect(watcher.watchedDirectoryCount == 1)

        try Save.inPlace(plain, "new")

        let changes = Drive.changes(watcher, count: 3)
        #expect(Set(changes) == [.modified(dotted, "new"), .modified(plain, "new"), .modified(relative, "new")])
        #expect(changes.count == 3)
    }

    @Test("A SaveListener hands each save over on its own thread, follows update(paths:), and frees the session on stop")
    func listener() throws {
        let directory = try TemporaryFolder()
        let first = directory.file("x.fsh")
        let second = try directory.makeFolder("other") + "/y.fsh"
        try Save.inPlace(first, "old")
        let wakes = Atomic<Int>(0)
        let listener = try SaveListener(paths: [first], quietPeriod: .milliseconds(5), absencePeriod: .milliseconds(100),
                                        wake: { wakes.add(1, ordering: .relaxed) })

        // Nobody polls: the listener's thread reads the events, settles the save and wakes the caller.
        try Save.byRename(first, "new", temporaryName: ".x.fsh.swp")
        #expect(Listen.changes(listener, count: 1) == [.modified(first, "new")])
        #expect(wakes.load(ordering: .relaxed) == 1)

        try listener.update(paths: [first, second])
        try Save.inPlace(second, "appeared")
        #expect(Listen.changes(listener, count: 1) == [.restored(second, "appeared")])

        listener.stop()
        listener.stop()
        try Save.inPlace(first, "after stop")
        #expect(Listen.changes(listener, count: 0).isEmpty)
        let next = try FileWatcher(paths: [first])
        next.close()
    }
}

/// Waits on a `SaveListener` as `Drive` polls a watcher: until `count` changes came, then a little longer,
/// so a duplicate would be seen.
enum Listen {
    static func changes(_ listener: SaveListener, count: Int) -> [FileChange] {
        let clock = ContinuousClock()
        var changes: [FileChange] = []
        let giveUp = clock.now + .seconds(3)
        while changes.count < count, clock.now < giveUp {
            Save.sleep(.milliseconds(5))
            changes += listener.takeChanges()
        }
        Save.sleep(.milliseconds(300))
        return changes + listener.takeChanges()
    }
}

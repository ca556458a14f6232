/// One inotify event in Swift terms, so that only the session needs the C names of the IN_* bits.
struct InotifyEvent: Sendable, Equatable {
    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt32

        /// IN_MODIFY: a writer is mid-save; the content is not final until it closes.
        static let modified = Flags(rawValue: 1 << 0)
        /// IN_CREATE: the entry exists, possibly still empty.
        static let created = Flags(rawValue: 1 << 1)
        /// IN_CLOSE_WRITE: an in-place save is complete.
        static let closedAfterWrite = Flags(rawValue: 1 << 2)
        /// IN_MOVED_TO: a complete file was renamed over the name.
        static let movedIn = Flags(rawValue: 1 << 3)
        /// IN_MOVED_FROM: the name was renamed away.
        static let movedOut = Flags(rawValue: 1 << 4)
        /// IN_DELETE: the name was unlinked.
        static let deleted = Flags(rawValue: 1 << 5)
        /// IN_MOVE_SELF: the watched directory itself moved; the watch would follow it elsewhere.
        static let directoryMoved = Flags(rawValue: 1 << 6)
        /// IN_DELETE_SELF or IN_UNMOUNT: the watched directory is gone.
        static let directoryGone = Flags(rawValue: 1 << 7)
        /// IN_IGNORED: the kernel dropped the watch.
        static let watchEnded = Flags(rawValue: 1 << 8)
        /// IN_Q_OVERFLOW: events were lost, so every file must be checked again.
        static let overflow = Flags(rawValue: 1 << 9)
        /// IN_ISDIR: the named entry is a directory.
        static let isDirectory = Flags(rawValue: 1 << 10)
    }

    /// The watch descriptor that the event belongs to; -1 for an overflow.
    var watch: Int32
    /// The entry inside the watched directory; empty for events about the directory itself.
    var name: String
    var flags: Flags
}

/// A change to a watched file that has settled: its content differs from the last content reported
/// (by hash), and no event arrived for the watcher's quiet period.
public struct FileChange: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case modified
        case removed
        /// The file came back after a removal (or appeared after the watcher started without it).
        case restored
    }

    /// The path exactly as the caller gave it to the watcher, so callers can use it as a key.
    public var path: String
    public var kind: Kind
    /// The settled bytes, read when the change was reported; empty for `.removed`.
    public var contents: [UInt8]

    public init(path: String, kind: Kind, contents: [UInt8] = []) {
        self.path = path
        self.kind = kind
        self.contents = contents
    }
}

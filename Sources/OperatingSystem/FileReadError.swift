#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `FileContents.read(path:limit:)` gave no bytes. Each case carries what a caller needs to word the
/// failure for its own kind of file.
public enum FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// open(2) failed.
    case cannotOpen(path: String, SystemError)
    /// The file opened, but fstat(2) or read(2) failed on it.
    case cannotRead(path: String, SystemError)
    case directory(path: String)
    /// A FIFO, socket or device: reading one could wait forever or never end.
    case notRegularFile(path: String)
    case tooLarge(path: String, size: Int, limit: Int)

    /// The file that was to be read.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .cannotRead(let path, _), .directory(let path), .notRegularFile(let path),
             .tooLarge(let path, _, _):
            path
        }
    }

    /// Nothing is at the path at all.
    public var isMissing: Bool {
        if case .cannotOpen(_, let error) = self { error.code == ENOENT } else { false }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let error), .cannotRead(let path, let error):
            "\(path): \(error.message)"
        case .directory(let path):
            "\(path): is a directory, not a file"
        case .notRegularFile(let path):
            "\(path): is not a regular file"
        case .tooLarge(let path, let size, let limit):
            "\(path): is \(Self.words(size, roundedUp: true)), more than the limit of \(Self.words(limit, roundedUp: false))"
        }
    }

    /// A size in MiB from 1 MiB up, else in bytes. The size is rounded up and the limit down, so a file just
    /// over its limit never reads as equal to it.
    private static func words(_ bytes: Int, roundedUp: Bool) -> String {
        let mebibyte = 1 << 20
        guard bytes >= mebibyte else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let whole = bytes / mebibyte
        return "\(roundedUp && bytes % mebibyte != 0 ? whole + 1 : whole) MiB"
    }
}

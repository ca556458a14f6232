import Glibc
import OperatingSystem

/// The outcome of reading a watched file once, at the moment a change is reported.
enum FileRead: Sendable, Equatable {
    case contents([UInt8])
    /// Nothing readable as a file is at the path: it was removed, renamed away, or replaced by a directory
    /// (or by a FIFO or device, which is never read, so it cannot stall the frame loop).
    case missing
    /// Something is there but cannot be read now (permissions, I/O); the previous state stands.
    case unreadable

    init(path: String) {
        do {
            // No limit: a watched file may be a movie, and any size of it must be seen to change.
            self = .contents(try FileContents.read(path: path, limit: .max))
        } catch {
            switch error {
            case .cannotOpen(_, let failure), .cannotRead(_, let failure):
                self = [ENOENT, ENOTDIR, EISDIR].contains(failure.code) ? .missing : .unreadable
            case .directory, .notRegularFile:
                self = .missing
            case .tooLarge:
                self = .unreadable
            }
        }
    }
}

import Glibc

/// The outcome of reading a watched file once, at the moment a change is reported.
enum FileRead: Sendable, Equatable {
    case contents([UInt8])
    /// Nothing readable as a file is at the path: it was removed, renamed away, or replaced by a directory.
    case missing
    /// Something is there but cannot be read now (permissions, I/O); the previous state stands.
    case unreadable(Int32)

    init(path: String) {
        // O_NONBLOCK: a FIFO left under a watched name must not stall the frame loop in open(2).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            self = Self.failure(errno)
            return
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                self = Self.failure(errno)
                return
            }
        }
        self = .contents(bytes)
    }

    private static func failure(_ code: Int32) -> FileRead {
        switch code {
        case ENOENT, ENOTDIR, EISDIR: .missing
        default: .unreadable(code)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard output and error through file descriptors: Swift 6 rejects the C `stdout` and
/// `stderr` globals, and unbuffered writes keep progress and diagnostics in order.
public enum StandardStreams {
    public static func output(_ text: String) {
        write(text, to: 1)
    }

    public static func error(_ text: String) {
        write(text, to: 2)
    }

    public static var errorIsTerminal: Bool { isatty(2) == 1 }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

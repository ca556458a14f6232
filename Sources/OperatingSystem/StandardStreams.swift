#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and error through file descriptors: Swift 6 rejects the C `stdout` and
/// `stderr` globals, and unbuffered writes keep progress and diagnostics in order.
public enum StandardStreams {
    public static func output(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    public static func error(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes all of `bytes` to standard output, or throws: results that must arrive whole (frames to a pipe),
    /// where a reader that went away is for the caller to handle.
    public static func writeOutput(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        try DescriptorTransfer.writeAll(bytes, to: STDOUT_FILENO, path: nil)
    }

    /// Writes `pieces` to standard output in order, gathered into as few calls as the kernel takes.
    public static func writeOutput(_ pieces: [UnsafeRawBufferPointer]) throws(SystemError) {
        try DescriptorTransfer.writeAll(pieces, to: STDOUT_FILENO, path: nil)
    }

    public static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    private static func write(_ text: String, to descriptor: Int32) {
        // When the terminal or pipe is gone there is nowhere left to report that, so the rest is dropped.
        Array(text.utf8).withUnsafeBytes { bytes in
            try? DescriptorTransfer.writeAll(bytes, to: descriptor, path: nil)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: what was being done, to which file, and the `errno` it failed with.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, worded to follow "cannot": "open", "read", "create the folder".
    public let operation: String
    /// The file it was done to; nil for calls that concern no file (a pipe, a poll).
    public let path: String?
    /// The `errno` the call failed with.
    public let code: Int32

    public init(operation: String, path: String? = nil, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The C library's wording for the code, e.g. "No such file or directory".
    public var reason: String { Self.reason(for: code) }

    /// The failure without the path, for callers that name the file their own way: "cannot open: Permission denied".
    public var message: String { "cannot \(operation): \(reason)" }

    public var description: String {
        path.map { "\($0): \(message)" } ?? message
    }

    /// The C library's wording for an `errno` value.
    public static func reason(for code: Int32) -> String {
        // A call that failed without setting errno leaves 0, which strerror would call "Success".
        code == 0 ? "unknown error" : String(cString: strerror(code))
    }
}

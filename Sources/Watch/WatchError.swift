import OperatingSystem

/// Why a file could not be watched, worded for a person: the app shows it next to the composition.
public struct WatchError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    static func cannotWatch(_ path: String, code: Int32) -> WatchError {
        WatchError("cannot watch \(path): \(SystemError.reason(for: code))")
    }

    static let closed = WatchError("the file watcher is closed")
}

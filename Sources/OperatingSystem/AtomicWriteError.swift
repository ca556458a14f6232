/// Why `AtomicFile.write(_:to:)` left the target as it was. `path` is always the target; the system error
/// inside names the call and the file (the temporary one, until the final rename) it failed on.
public enum AtomicWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path ends in "/", "." or "..", so it names no file to replace.
    case notAFileName(path: String)
    /// No new file could be made beside the target: its directory is missing, read-only or full.
    case cannotCreate(path: String, SystemError)
    case cannotWrite(path: String, SystemError)
    /// The new file was written but could not be renamed over the target (a directory is there, say).
    case cannotReplace(path: String, SystemError)

    public var path: String {
        switch self {
        case .notAFileName(let path), .cannotCreate(let path, _), .cannotWrite(let path, _), .cannotReplace(let path, _):
            path
        }
    }

    public var description: String {
        switch self {
        case .notAFileName(let path): "\(path): is not a file name"
        case .cannotCreate(let path, let error): "\(path): cannot create a file in its directory: \(error.reason)"
        case .cannotWrite(let path, let error): "\(path): cannot write the file: \(error.reason)"
        case .cannotReplace(let path, let error): "\(path): cannot replace the file: \(error.reason)"
        }
    }
}

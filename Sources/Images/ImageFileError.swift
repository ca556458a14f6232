import OperatingSystem

/// Why an image could not be read, decoded, encoded or written, in words a person can act on.
public struct ImageFileError: Error, Sendable, CustomStringConvertible {
    /// The path as the caller gave it; empty for images encoded in memory, which have none.
    public let path: String
    /// One sentence without the path, e.g. "not a PNG, JPEG, TIFF or WebP file".
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}

extension ImageFileError {
    /// An image file that could not be read, worded for image files.
    init(reading error: FileReadError) {
        let message = switch error {
        case .cannotOpen where error.isMissing: "no such file"
        case .cannotOpen(_, let failure): "cannot open the file (\(failure.reason))"
        case .cannotRead(_, let failure): "cannot read the file (\(failure.reason))"
        case .directory: "is a directory, not an image file"
        case .notRegularFile: "is not a regular file"
        // Rounded up, so a file just over the limit does not claim to be exactly at it.
        case .tooLarge(_, let size, let limit): "the file is \((size + (1 << 20) - 1) >> 20) MiB, larger than the \(limit >> 20) MiB limit"
        }
        self.init(path: error.path, message: message)
    }

    /// An image file that could not be written; the file that was there is as it was.
    init(writing error: AtomicWriteError) {
        let message = switch error {
        case .notAFileName: "is not a file name"
        case .cannotCreate(_, let failure): "cannot create a file in its directory (\(failure.reason))"
        case .cannotWrite(_, let failure): "cannot write the file (\(failure.reason))"
        case .cannotReplace(_, let failure): "cannot replace the file (\(failure.reason))"
        }
        self.init(path: error.path, message: message)
    }
}

/// Why an image could not be read, decoded, encoded or written, in words a person can act on.
public struct ImageFileError: Error, Sendable, CustomStringConvertible {
    /// The path as the caller gave it; empty for images encoded in memory, which have none.
    public let path: String
    /// One sentence without the path, e.g. "not a PNG or JPEG file".
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}

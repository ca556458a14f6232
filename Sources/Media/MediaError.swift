import CFFmpeg

/// What went wrong with a movie file, said so that a user can act on it: the file, what was being done, and
/// FFmpeg's own reason.
public struct MediaError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// An FFmpeg call that returned the negative `code`: "`path`: `operation`: FFmpeg's text for the code".
    init(path: String, operation: String, code: Int32) {
        message = "\(path): \(operation): \(Self.text(of: code))"
    }

    public var description: String { message }

    /// FFmpeg's description of an error code ("Invalid data found when processing input").
    static func text(of code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard av_strerror(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

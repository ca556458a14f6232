/// A movie node's `file:` that names a live stream instead of a file: FFmpeg's network protocols, read as
/// they arrive, with no timeline of their own to loop, seek or key.
public enum NetworkStream {
    /// The protocols a movie node plays live, as FFmpeg names them.
    public static let schemes = ["srt", "udp", "rtp", "tcp", "rtsp", "rtsps", "rtmp", "rtmps", "http", "https"]

    /// The scheme of `text` when it is written as a URL (`scheme://…`), lowercased; nil for a path.
    public static func scheme(of text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return nil }
        return scheme.lowercased()
    }

    /// Whether `text` names a stream a movie node plays live.
    public static func isStream(_ text: String) -> Bool {
        scheme(of: text).map(schemes.contains) ?? false
    }
}

import Foundation

/// How decoding a movie stopped, kept until a seek starts it again elsewhere.
enum PlaybackEnding: Equatable, Sendable {
    /// The stream ended where it said it would: its last frame covers every later time.
    case finished
    /// The decoder met data it could not read; frames up to `reachedEnd` are good.
    case failed(reachedEnd: Double, reason: String)
    /// The packets stopped at `reachedEnd`, well before the duration the file states.
    case truncated(reachedEnd: Double, stated: Double)

    /// Whether the frames decoded before the end still answer a request for `seconds`.
    func covers(_ seconds: Double) -> Bool {
        switch self {
        case .finished: true
        case .failed(let reachedEnd, _), .truncated(let reachedEnd, _): seconds < reachedEnd
        }
    }

    /// What the user reads when `seconds` cannot be shown.
    func message(path: String, at seconds: Double) -> String {
        switch self {
        case .finished:
            "\(path): the movie ended"
        case .failed(_, let reason):
            "\(path): cannot decode the frame at \(Self.format(seconds)) s: \(reason)"
        case .truncated(let reachedEnd, let stated):
            "\(path): the file ends at \(Self.format(reachedEnd)) s, before its stated \(Self.format(stated)) s: it is truncated"
        }
    }

    /// What the window says for as long as the movie plays, when the file itself is at fault: the same line
    /// whichever frame asked, so it is said once and not once a frame; nil when nothing is wrong with the file.
    func lastingNotice(path: String) -> String? {
        switch self {
        case .finished:
            nil
        case .failed(let reachedEnd, let reason):
            "\(path): cannot decode past \(Self.format(reachedEnd)) s (\(reason)); holding the last good frame there"
        case .truncated(let reachedEnd, let stated):
            "\(path): the file ends at \(Self.format(reachedEnd)) s, before its stated \(Self.format(stated)) s: it is truncated"
        }
    }

    static func format(_ seconds: Double) -> String {
        String(format: "%.2f", seconds)
    }
}

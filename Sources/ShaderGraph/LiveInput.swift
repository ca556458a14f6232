import ShaderLanguage

/// The source named by `--input`: it replaces a composition's live source node, or feeds a lone shader.
public enum LiveInput: Hashable, Sendable, CustomStringConvertible {
    case image(path: String)
    /// A movie file, recognised by its extension, or a network stream's URL.
    case movie(path: String)
    case pattern
    /// `camera` or `camera:DEVICE`.
    case camera(device: String?)

    public init(parsing text: String) {
        if text == "pattern" {
            self = .pattern
        } else if text == "camera" {
            self = .camera(device: nil)
        } else if text.hasPrefix("camera:") {
            self = .camera(device: String(text.dropFirst("camera:".count)))
        } else if FilePaths.isMovieFile(text) || NetworkStream.isStream(text) {
            self = .movie(path: text)
        } else {
            self = .image(path: text)
        }
    }

    public var description: String {
        switch self {
        case .image(let path), .movie(let path): path
        case .pattern: "pattern"
        case .camera(let device): device.map { "camera:\($0)" } ?? "camera"
        }
    }
}

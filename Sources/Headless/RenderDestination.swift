import Capture
import Media

/// Where `render` puts its frames: numbered PNG files, one movie file or network stream, or a YUV4MPEG2 stream on
/// standard output.
public enum RenderDestination: Sendable {
    case images(OutputPattern)
    case movie(MovieOutput)
    /// `--out -`: raw frames for a pipe (`| ffmpeg -i -`, `| mpv -`).
    case standardOutput
    /// `--output v4l2:DEVICE`: a V4L2 video output other programs read as a camera; `auto` finds the first.
    case videoDevice(String)
    /// `--output pipewire:NAME`: a PipeWire camera node of that name, which other programs read as a camera.
    case pipewireCamera(String)

    /// `--output`: `v4l2:DEVICE` (a device path), or `v4l2` alone for the first video output there is;
    /// `pipewire:NAME`, or `pipewire` alone for a node called shaderbench; nil for anything else.
    public init?(parsingOutput text: String) {
        if text == "pipewire" || text == "pipewire:" {
            self = .pipewireCamera(PipeWireOutput.defaultName)
        } else if text.hasPrefix("pipewire:") {
            self = .pipewireCamera(String(text.dropFirst("pipewire:".count)))
        } else if text == "v4l2" || text == "v4l2:" || text == "v4l2:auto" {
            self = .videoDevice("auto")
        } else if text.hasPrefix("v4l2:") {
            self = .videoDevice(String(text.dropFirst(5)))
        } else {
            return nil
        }
    }

    /// What `--output` takes, for a usage error.
    public static let outputUsage = "--output takes v4l2:DEVICE (a V4L2 video output such as /dev/video9), v4l2 for the first there is, or pipewire:NAME (a PipeWire camera node of that name; pipewire alone names it shaderbench)"

    /// `--out`: `-` for standard output, a movie when the path ends in a movie container's extension or is a
    /// stream's URL (`udp://`, `srt://`, `rtmp://`, `rtsp://`), numbered PNGs otherwise.
    public init(parsing text: String, codec: String? = nil, quality: Int? = nil) throws(OutputPattern.Problem) {
        if text == "-" {
            self = .standardOutput
        } else if MovieOutput.isMoviePath(text) || MovieSettings.isStream(text) {
            self = .movie(MovieOutput(path: text, codec: codec, quality: quality))
        } else {
            self = .images(try OutputPattern(text))
        }
    }

    /// Whether it is a camera other programs read (what `--output` names).
    public var isCamera: Bool {
        switch self {
        case .videoDevice, .pipewireCamera: true
        case .images, .movie, .standardOutput: false
        }
    }

    /// Whether it takes more than one frame: a movie, or PNGs with a frame number in their name.
    var holdsManyFrames: Bool {
        switch self {
        case .images(let pattern): pattern.isNumbered
        case .movie, .standardOutput, .videoDevice, .pipewireCamera: true
        }
    }

    var text: String {
        switch self {
        case .images(let pattern): pattern.text
        case .movie(let movie): movie.path
        case .standardOutput: "-"
        case .videoDevice(let device): "v4l2:\(device)"
        case .pipewireCamera(let name): "pipewire:\(name)"
        }
    }
}

/// A movie `render` writes: H.264 in MP4 unless told otherwise; or sends, to a stream's URL.
public struct MovieOutput: Sendable {
    public var path: String
    /// An FFmpeg encoder name (`libx264`, `libvpx-vp9`, `mpeg4`, …); nil picks the container's usual one.
    public var codec: String?
    /// The encoder's constant rate factor: lower is better and larger; nil picks the codec's default.
    public var quality: Int?

    public init(path: String, codec: String? = nil, quality: Int? = nil) {
        self.path = path
        self.codec = codec
        self.quality = quality
    }

    static let extensions: Set<String> = ["mp4", "mkv", "mov", "webm"]

    static func isMoviePath(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }
}

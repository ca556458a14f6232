/// The kinds of movie file the writer makes, with the encoder each is usually paired with and the muxer
/// options that keep a recording playable when the process dies before it finishes; and the containers a
/// network stream is sent in, chosen by its URL's scheme.
enum OutputContainer: String, CaseIterable {
    case mp4
    case mov
    case matroska
    case webm
    /// MPEG-TS, as UDP and SRT streams carry video.
    case mpegts
    /// FLV, which RTMP carries.
    case flv
    /// RTSP's own muxer, which publishes to a server (ANNOUNCE and RECORD).
    case rtsp

    /// The container that `name` (an extension such as "mkv", or FFmpeg's muxer name) stands for.
    init?(name: String) {
        switch name.lowercased() {
        case "mp4", "m4v": self = .mp4
        case "mov": self = .mov
        case "mkv", "matroska": self = .matroska
        case "webm": self = .webm
        default: return nil
        }
    }

    /// The container for `settings`: a stream's by its URL's scheme, else its explicit `container`, else the path's
    /// extension.
    static func choose(for settings: MovieSettings) throws(MediaError) -> OutputContainer {
        if let streamed = streamed(to: settings.path) { return streamed }
        let name = settings.container ?? extensionName(of: settings.path)
        guard let container = OutputContainer(name: name) else {
            let shown = name.isEmpty ? "movies without an extension" : ".\(name) movies"
            throw MediaError("\(settings.path): cannot write \(shown); use .mp4, .mkv, .mov or .webm")
        }
        return container
    }

    private static func extensionName(of path: String) -> String {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "" }
        return String(fileName[fileName.index(after: dot)...])
    }

    /// The container a network stream to `url` is sent in: MPEG-TS over `udp://` and `srt://`, FLV over
    /// `rtmp://`, RTSP's own over `rtsp://`; nil for anything else.
    static func streamed(to url: String) -> OutputContainer? {
        switch StreamURL.scheme(of: url) {
        case "udp", "srt": .mpegts
        case "rtmp": .flv
        case "rtsp": .rtsp
        default: nil
        }
    }

    /// Whether it is sent to a network stream rather than written to a file.
    var isStream: Bool {
        switch self {
        case .mpegts, .flv, .rtsp: true
        case .mp4, .mov, .matroska, .webm: false
        }
    }

    /// FFmpeg's muxer.
    var muxerName: String { rawValue }

    /// How a user names it in messages.
    var extensionName: String {
        switch self {
        case .mp4: ".mp4"
        case .mov: ".mov"
        case .matroska: ".mkv"
        case .webm: ".webm"
        case .mpegts: ".ts"
        case .flv: ".flv"
        case .rtsp: "RTSP"
        }
    }

    var defaultCodec: String {
        switch self {
        case .mp4, .mov, .matroska, .mpegts, .flv, .rtsp: "libx264"
        case .webm: "libvpx-vp9"
        }
    }

    /// Options that make the file playable at every moment, so that a recording killed mid-way keeps all
    /// but about its last second. MP4 and MOV normally write their index at the end; fragmented, they write
    /// a small index before each fragment, and a fragment begins at each keyframe (two a second). Matroska
    /// writes clusters of at most half a second. Packets are flushed to the file as they are written, so what the
    /// muxer has finished is on disk rather than in a buffer.
    ///
    /// MP4 and MOV write their header with the first fragment rather than before it (`delay_moov`): by then the
    /// muxer knows the first decoding time, which reordered frames make negative, and writes an edit list that
    /// shows the first frame at zero. Without it the muxer moves the whole video later instead, and it starts
    /// after the sound by the encoder's reordering delay.
    ///
    /// Matroska and WebM take times before zero as they come: Opus's first packet plays before zero, by the
    /// priming its header has players skip, and the muxer would otherwise move every stream later for it.
    var muxerOptions: [(name: String, value: String)] {
        var options = [("flush_packets", "1")]
        switch self {
        case .mp4, .mov:
            options.append(("movflags", "frag_keyframe+empty_moov+delay_moov+default_base_moof"))
        case .matroska, .webm:
            options.append(("cluster_time_limit", "500"))
            options.append(("avoid_negative_ts", "disabled"))
        case .mpegts:
            break
        case .flv:
            // A stream has no end to seek back to for the duration and size.
            options.append(("flvflags", "no_duration_filesize"))
        case .rtsp:
            // Over the server's own connection, so that no packet is lost on the way.
            options = [("rtsp_transport", "tcp")]
        }
        return options
    }
}

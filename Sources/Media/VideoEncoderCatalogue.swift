import CFFmpeg

/// The video encoders a movie is usually written with, and the quality scale each takes, so that a request
/// the encoder would refuse or misread is a usage error before anything is opened.
public enum VideoEncoderCatalogue {
    /// How `--quality` is read for an encoder: lower is always better and larger.
    public enum QualityScale: Sendable, Hashable {
        /// A constant rate factor (the encoder's own `crf` option).
        case rateFactor(ClosedRange<Int>)
        /// A fixed quantiser for every frame (FFmpeg's `-q:v`).
        case quantiser(ClosedRange<Int>)
        /// The encoder is lossless or picks its own quality: it takes none.
        case notTaken
    }

    /// In the order offered: the common lossy encoders, then intermediate and lossless ones.
    static let known: [(name: String, scale: QualityScale)] = [
        ("libx264", .rateFactor(0...51)), ("libx265", .rateFactor(0...51)), ("libvpx-vp9", .rateFactor(0...63)),
        ("libvpx", .rateFactor(4...63)), ("libaom-av1", .rateFactor(0...63)), ("mpeg4", .quantiser(1...31)),
        ("mpeg2video", .quantiser(1...31)), ("mjpeg", .quantiser(1...31)), ("prores_ks", .notTaken), ("png", .notTaken),
        ("ffv1", .notTaken),
    ]

    /// The smallest side a picture may have, for encoders that refuse smaller ones.
    static let smallestSides = ["libsvtav1": 64]

    /// The catalogue's encoders this FFmpeg has.
    public static var available: [String] {
        known.map(\.name).filter { avcodec_find_encoder_by_name($0) != nil }
    }

    /// The scale `--quality` is read on for `codec`; a rate factor with no stated range for an encoder the
    /// catalogue does not know.
    static func scale(of codec: String) -> QualityScale? {
        known.first { $0.name == codec }?.scale
    }

    /// What is wrong with asking for `codec` (nil: the container's usual one) at `quality` in the movie at
    /// `path`, in words for the user; nil when nothing is.
    public static func problem(codec: String?, quality: Int?, moviePath path: String) -> String? {
        let name = codec ?? OutputContainer(name: String(path.split(separator: ".").last ?? ""))?.defaultCodec ?? "libx264"
        guard let encoder = avcodec_find_encoder_by_name(name), encoder.pointee.type == AVMEDIA_TYPE_VIDEO else {
            return "this FFmpeg has no video encoder named \(name); the usual ones here are \(available.joined(separator: ", "))"
        }
        guard let quality else { return nil }
        switch scale(of: name) {
        case .rateFactor(let range) where !range.contains(quality):
            return "--quality \(quality) is out of range for \(name): its constant rate factor goes from \(range.lowerBound) (best) to \(range.upperBound)"
        case .quantiser(let range) where !range.contains(quality):
            return "--quality \(quality) is out of range for \(name): its quantiser goes from \(range.lowerBound) (best) to \(range.upperBound)"
        case .notTaken:
            return "\(name) takes no --quality: it is lossless or sets its own"
        default:
            return nil
        }
    }
}

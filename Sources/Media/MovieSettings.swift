import VideoFrames

/// What a movie is written as: where, how big, how fast, in which codec and quality, with what sound, and
/// what to do when frames come faster than the encoder takes them.
public struct MovieSettings: Sendable {
    public typealias FrameRate = VideoFrames.FrameRate

    /// What `MovieWriter.append` does when the encoder has not taken the frames already queued.
    public enum WhenBehind: Sendable, Hashable {
        /// Blocks until there is room: a render, where every frame must reach the movie and time is not real.
        case wait
        /// Drops the frame and counts it: a live recording, which must never hold up the window nor queue
        /// without bound. The encoder is also tuned for latency rather than size (no lookahead, no reordered
        /// frames), so each frame reaches the file within the second it belongs to.
        case drop
    }

    /// Where the movie goes; its extension picks the container unless `container` says otherwise.
    public var path: String
    /// The size of the frames appended. The movie itself is always even-sized; see `MovieWriter`.
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// FFmpeg's name of the video encoder; nil picks the container's usual one: libx264 for .mp4, .mkv and
    /// .mov, libvpx-vp9 for .webm.
    public var codec: String?
    /// The encoder's constant-quality factor (CRF), lower is better; nil picks 18 for libx264 (visually
    /// lossless for most material) and 32 for libvpx-vp9 (the level its authors suggest for 720p and up),
    /// and leaves any other encoder at its own default.
    public var quality: Int?
    /// libx264's speed against size; `veryfast` keeps up with a live window on a few cores.
    public var preset: String
    /// The container by its extension's name (mp4, mkv, mov, webm) when the path has none that says it, as
    /// when writing to a device; nil reads it from the path.
    public var container: String?
    /// How the frames' samples map to colour: the stream is tagged with it and every frame must carry it.
    public var encoding: ColorEncoding
    /// Sound known ahead, read along the movie's timeline as the frames are written (a render's soundtrack);
    /// encoded as AAC, or as Opus in WebM.
    public var sound: (any TimelineSound)?
    /// Whether the movie has the sound handed to `MovieWriter.appendSound` as it is heard (a recording of
    /// the window), encoded as `sound` is. A movie with neither is silent.
    public var recordsSound = false
    public var whenBehind: WhenBehind
    /// Frames that may wait for the encoder: a few, so that memory stays bounded and a live recording drops
    /// rather than falls behind.
    public var queueCapacity: Int

    /// Whether `path` is a network stream's URL (`udp://`, `srt://`, `rtmp://`, `rtsp://`) rather than a file.
    public static func isStream(_ path: String) -> Bool {
        OutputContainer.streamed(to: path) != nil
    }

    /// Whether it is sent to a network stream, which its receivers play as it comes: tuned for latency, as a live
    /// recording is.
    public var isStream: Bool { Self.isStream(path) }

    /// Whether the stream connects on the encoder's thread after `MovieWriter` is made: a live recording's, so
    /// that the window never waits for the network (frames shown meanwhile queue, then drop, counted); a
    /// render's connects first, so that a receiver that is not there fails it before anything is drawn.
    public var connectsInBackground: Bool { isStream && whenBehind == .drop }

    public init(path: String, width: Int, height: Int, frameRate: FrameRate, codec: String? = nil,
                quality: Int? = nil, preset: String = "veryfast", container: String? = nil,
                encoding: ColorEncoding = ColorEncoding(matrix: .bt709, range: .limited),
                sound: (any TimelineSound)? = nil, whenBehind: WhenBehind = .wait, queueCapacity: Int = 4) {
        self.path = path
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.codec = codec
        self.quality = quality
        self.preset = preset
        self.container = container
        self.encoding = encoding
        self.sound = sound
        self.whenBehind = whenBehind
        self.queueCapacity = queueCapacity
    }
}

extension FrameRate {
    /// Whole frames in half a second, rounded up: the keyframe interval. Every half second begins with a
    /// keyframe and so with a fragment of its own, which keeps what a kill loses (the open fragment and
    /// what the encoder still holds) under a second.
    var keyframeInterval: Int { max(1, (numerator + 2 * denominator - 1) / (2 * denominator)) }
}

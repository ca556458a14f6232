import VideoFrames

/// What a movie file holds, as found when it was opened and its first frame decoded.
public struct MovieInfo: Sendable, Hashable {
    /// The stored size of a frame in pixels, before pixel aspect and rotation.
    public var width: Int
    public var height: Int
    /// Clockwise quarter turns that make the picture upright.
    public var quarterTurns: Int
    /// The width of a stored pixel against its height.
    public var pixelAspect: Double
    /// Frames a second as the container states it, or FFmpeg's estimate for variable-rate files.
    public var frameRate: Double
    /// When the last frame ends, in seconds from the first frame's presentation.
    public var duration: Double
    /// FFmpeg's name of the video codec ("h264").
    public var codecName: String
    /// FFmpeg's name of the decoded pixel format ("yuv420p").
    public var pixelFormatName: String
    public var hasAudio: Bool
    public var encoding: ColorEncoding

    public init(width: Int, height: Int, quarterTurns: Int, pixelAspect: Double, frameRate: Double,
                duration: Double, codecName: String, pixelFormatName: String, hasAudio: Bool,
                encoding: ColorEncoding) {
        self.width = width
        self.height = height
        self.quarterTurns = quarterTurns
        self.pixelAspect = pixelAspect
        self.frameRate = frameRate
        self.duration = duration
        self.codecName = codecName
        self.pixelFormatName = pixelFormatName
        self.hasAudio = hasAudio
        self.encoding = encoding
    }

    /// The size of the upright picture: stretched by the pixel aspect, then turned.
    public var displaySize: (width: Int, height: Int) {
        FrameLayout(format: .rgba, width: width, height: height, planes: [], byteCount: 0,
                    encoding: encoding, quarterTurns: quarterTurns, pixelAspect: pixelAspect).displaySize
    }
}

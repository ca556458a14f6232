/// Something that produces frames on a thread of its own for the render thread to convert: a camera, a movie.
/// The GPU module takes frames through this and imports neither producer.
public protocol FrameSource: AnyObject, Sendable {
    /// The frame to show at `seconds` of the source's own timeline (a movie's presentation time; a camera
    /// ignores it and hands its newest), or nil when the frame already taken is still the one to show.
    /// With `wait`, blocks up to that many seconds for the frame (renders, which must be exact); without,
    /// never blocks (the window, where the newest frame wins). Throws when the frame cannot be had at all
    /// (a movie that cannot be decoded there): renders fail with it, the window shows it as a notice.
    func frame(at seconds: Double, wait: Double?) throws(FrameSourceError) -> VideoFrame?
    /// Gives a frame's storage back for reuse.
    func recycle(_ frame: VideoFrame)
    /// The upright size of the frames it delivers, once known.
    var frameSize: (width: Int, height: Int)? { get }
    /// How long its timeline is in seconds; nil for a live source.
    var duration: Double? { get }
    /// The time from one frame to the next on its timeline; nil for a live source.
    var frameInterval: Double? { get }
    /// Frames made but never shown because a newer one was due first (a decoder behind, a slow consumer).
    var framesDropped: Int { get }
    /// False while the producer is not there at all (no camera plugged in); a movie file that opened is.
    var isPresent: Bool { get }
    /// One line for the user while the source is not delivering as it should; nil while all is well.
    var notice: String? { get }
    /// One line saying what the source delivers, once that is settled (a camera's device and the format it
    /// agreed to), for a render to report; nil when there is nothing to say.
    var delivery: String? { get }
    /// Stops its thread; no frame comes after this.
    func stop()
}

extension FrameSource {
    public var frameInterval: Double? { nil }
    public var delivery: String? { nil }
}

/// Why a source could not deliver a frame.
public struct FrameSourceError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

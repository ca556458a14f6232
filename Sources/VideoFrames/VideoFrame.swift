/// One frame from a source, owned by whoever holds it: a producer thread fills it, the render thread uploads
/// it and gives it back to its source so the storage is reused.
public struct VideoFrame: Sendable {
    public var layout: FrameLayout
    public var bytes: [UInt8]
    /// The source's frame counter: a camera's driver sequence, a movie's decoded frame number.
    public var sequence: UInt32
    /// When it was made: a camera's CLOCK_MONOTONIC capture time, a movie's presentation time in seconds.
    public var timestamp: Double

    public init(layout: FrameLayout, bytes: [UInt8], sequence: UInt32, timestamp: Double) {
        self.layout = layout
        self.bytes = bytes
        self.sequence = sequence
        self.timestamp = timestamp
    }
}

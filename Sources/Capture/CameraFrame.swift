/// One captured frame, owned by whoever holds it: the capture thread fills it, the render thread uploads
/// it and gives it back to the session so its storage is reused.
public struct CameraFrame: Sendable {
    /// The frame's layout. MJPEG frames arrive already decoded: `bytes` is then tightly packed RGBA.
    public var layout: FrameLayout
    public var bytes: [UInt8]
    /// The driver's frame counter; gaps are frames nobody dequeued in time.
    public var sequence: UInt32
    /// CLOCK_MONOTONIC seconds when the driver captured it.
    public var timestamp: Double
}

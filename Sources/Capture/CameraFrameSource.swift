import VideoFrames

/// A camera is a frame source whose newest frame is always the one to show, whatever the time.
extension CameraSession: FrameSource {
    public func frame(at seconds: Double, wait: Double?) -> VideoFrame? {
        if let wait { return waitForFrame(timeout: wait) }
        return takeFrame()
    }

    public var frameSize: (width: Int, height: Int)? { status.layout.map { ($0.width, $0.height) } }
    public var duration: Double? { nil }
    public var framesDropped: Int { status.framesDropped }
    public var notice: String? { status.notice }

    public var isPresent: Bool {
        if case .disconnected = status.state { false } else { true }
    }
}

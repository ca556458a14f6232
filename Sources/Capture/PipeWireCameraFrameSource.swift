import VideoFrames

/// A PipeWire camera is a frame source whose newest frame is always the one to show, whatever the time.
extension PipeWireCamera: FrameSource {
    /// With `wait` (renders), a camera that has not delivered a single frame in that time is an error naming
    /// it and why, so a render never writes a frame made from nothing.
    public func frame(at seconds: Double, wait: Double?) throws(FrameSourceError) -> VideoFrame? {
        guard let wait else { return takeFrame() }
        if let frame = waitForFrame(timeout: wait) { return frame }
        let status = status
        if status.framesCaptured == 0 {
            let seconds = wait.rounded() == wait ? "\(Int(wait))" : "\(wait)"
            throw FrameSourceError("\(status.name) delivered no frame in \(seconds) s: \(status.reason ?? "it streams but sends nothing")")
        }
        return nil
    }

    public var frameSize: (width: Int, height: Int)? { status.layout.map { ($0.width, $0.height) } }
    public var duration: Double? { nil }
    public var framesDropped: Int { status.framesDropped }
    public var notice: String? { status.notice }

    public var delivery: String? {
        let status = status
        return status.layout.map { "\(status.name): \($0)" }
    }

    public var isPresent: Bool {
        if case .disconnected = status.state { false } else { true }
    }
}

/// Where a camera session stands, for notices in the window and warnings in renders.
public struct CameraStatus: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        case connecting
        case streaming
        /// Streaming, but no frame arrived for a while (a stalled driver, a covered sensor on some cameras).
        case noFrames
        /// The device is not there (never found, or unplugged); the session looks for it again.
        case disconnected(String)
        /// Another program holds the device; the session tries again.
        case busy
        /// The device refused to stream; the session tries again.
        case failed(String)
    }

    public var state: State = .connecting
    /// The device node in use or last used.
    public var device: String?
    /// What the device delivers, once negotiated.
    public var layout: CameraFormat?
    public var framesCaptured = 0
    /// Frames the driver captured that nobody used: missed in the driver, or replaced before the render thread took them.
    public var framesDropped = 0
    /// Failed dequeues, spurious wake-ups included.
    public var errors = 0

    /// One line for the window and the terminal; nil while all is well.
    public var notice: String? {
        let name = device.map { "camera \($0)" } ?? "camera"
        switch state {
        case .streaming: return nil
        case .connecting: return "\(name): starting…"
        case .noFrames: return "\(name): no frames arriving; showing the last one"
        case .disconnected(let reason): return "\(name): \(reason); showing the last frame, reconnecting…"
        case .busy: return "\(name) is busy (another program is using it); retrying…"
        case .failed(let reason): return "\(name): \(reason); retrying…"
        }
    }
}

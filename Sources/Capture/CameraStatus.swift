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
    /// Its card name, when known.
    public var card: String?
    /// What the device delivers, once negotiated.
    public var layout: CameraFormat?
    public var framesCaptured = 0
    /// Frames the driver captured that nobody used: missed in the driver, or replaced before the render thread took them.
    public var framesDropped = 0
    /// Failed dequeues, spurious wake-ups included.
    public var errors = 0

    /// The camera as messages name it: its node and card, as far as they are known.
    public var name: String {
        switch (device, card) {
        case (let device?, let card?): "camera \(device) (\(card))"
        case (let device?, nil): "camera \(device)"
        default: "camera"
        }
    }

    /// Why the camera is not delivering, without its name; nil while all is well.
    public var reason: String? {
        switch state {
        case .streaming: nil
        case .connecting: "starting"
        case .noFrames: "no frames arriving"
        case .disconnected(let reason), .failed(let reason): reason
        case .busy: "busy (another program is using it)"
        }
    }

    /// What is wrong, naming the camera; nil while all is well.
    public var problem: String? {
        guard let reason else { return nil }
        return state == .busy ? "\(name) is \(reason)" : "\(name): \(reason)"
    }

    /// One line for the window and the terminal, saying what is wrong and what happens meanwhile; nil while
    /// all is well.
    public var notice: String? {
        guard let problem else { return nil }
        return switch state {
        case .streaming: nil
        case .connecting: problem + "…"
        case .noFrames: problem + "; showing the last one"
        case .disconnected: problem + "; showing the last frame, reconnecting…"
        case .busy, .failed: problem + "; retrying…"
        }
    }
}

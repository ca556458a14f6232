import Foundation
import VideoFrames

/// A live camera, V4L2 (`CameraSession`) or PipeWire (`PipeWireCamera`): a session on a thread of its own whose
/// newest frame is always the one to show, whatever the time, with its state in `status`.
public protocol CameraFeed: FrameSource {
    var status: CameraStatus { get }
    /// The newest frame not taken yet, if any. Give it back with `recycle` once uploaded.
    func takeFrame() -> VideoFrame?
    /// Like `takeFrame`, but waits up to `timeout` seconds for one (for renders, which use every frame).
    func waitForFrame(timeout: Double) -> VideoFrame?
    /// Whether a camera that is there but delivered nothing while a render waited is an error (an `auto`
    /// V4L2 camera that found no device is not: the test pattern stands in).
    var needsFrames: Bool { get }
}

extension CameraFeed {
    /// With `wait` (renders), a camera that has not delivered a single frame in that time is an error naming
    /// it and why, so a render never writes a frame made from nothing.
    public func frame(at seconds: Double, wait: Double?) throws(FrameSourceError) -> VideoFrame? {
        guard let wait else { return takeFrame() }
        if let frame = waitForFrame(timeout: wait) { return frame }
        let status = status
        if status.framesCaptured == 0, needsFrames {
            let seconds = wait.rounded() == wait ? "\(Int(wait))" : "\(wait)"
            throw FrameSourceError("\(status.name) delivered no frame in \(seconds) s: \(status.reason ?? "it streams but sends nothing")")
        }
        return nil
    }

    /// Waits up to `timeout` seconds for a format to be agreed; the layout, or nil if none was.
    public func waitUntilNegotiated(timeout: Double) -> CameraFormat? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let status = status
            if let layout = status.layout { return layout }
            switch status.state {
            case .connecting, .streaming: Thread.sleep(forTimeInterval: 0.005)
            default: return nil
            }
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

extension CameraSession: CameraFeed {
    public var needsFrames: Bool { isPresent || selector != .auto }
}

extension PipeWireCamera: CameraFeed {
    public var needsFrames: Bool { true }
}

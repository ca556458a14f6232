import Capture
import CGLES
import ShaderGraph

/// A camera node's image: the session's newest frame, converted on the GPU. When no new frame came, the
/// last one stays; before the first, the node shows the test pattern (an `auto` camera) or black.
public final class CameraFeed {
    public let session: CameraSession
    private let converter: CameraConverter
    /// The last frame, converted; nil until one arrives.
    private(set) var latest: RenderTarget?
    /// Whether a render's wait for a frame timed out; later frames are then taken as they come.
    private var gaveUpWaiting = false

    init(source: CameraSource, request: CaptureRequest, onFrame: @escaping @Sendable () -> Void) throws(GPUError) {
        converter = try CameraConverter()
        session = CameraSession(selector: source.device, request: request, onFrame: onFrame)
    }

    deinit {
        session.stop()
    }

    /// Converts the newest frame if there is one. With `wait`, a render blocks up to that many seconds for a
    /// new frame (so every rendered frame is a captured one) until the camera once fails to deliver in time.
    func update(wait: Double?) throws(GPUError) {
        let frame: CameraFrame?
        if let wait, !gaveUpWaiting {
            frame = session.waitForFrame(timeout: latest == nil ? max(wait, 5) : wait)
            if frame == nil { gaveUpWaiting = true }
        } else {
            frame = session.takeFrame()
            if frame != nil { gaveUpWaiting = false }
        }
        guard let frame else { return }
        defer { session.recycle(frame) }
        let size = PixelSize(width: frame.layout.width, height: frame.layout.height)
        if latest?.size != size {
            latest = try RenderTarget(TextureDescriptor(size: size))
        }
        _ = try converter.convert(frame, into: latest!)
    }

    /// What to tell the user about the camera; nil while frames flow.
    var notice: String? {
        if gaveUpWaiting, latest != nil, session.status.state == .streaming {
            return "camera: no new frame in time; holding the last frame"
        }
        return session.status.notice
    }
}

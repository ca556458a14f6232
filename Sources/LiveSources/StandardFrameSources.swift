import Capture
import GPU
import Media
import ShaderGraph
import VideoFrames

/// The frame sources the workbench opens for live nodes: V4L2 cameras and movie files.
public struct StandardFrameSources: FrameSourceOpener {
    public init() {}

    public func openCamera(_ camera: CameraSource, size: PixelSize,
                           onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource {
        if camera.device != .auto, DeviceDiscovery.find(camera.device) == nil {
            let found = DeviceDiscovery.captureDevices().map { "\($0.path) (\($0.card))" }
            let list = found.isEmpty ? "no capture devices are connected" : "found: \(found.joined(separator: ", "))"
            throw DiagnosticsError([.error("no camera matches '\(camera.device)'; \(list)", at: camera.location)])
        }
        let request = CaptureRequest(width: size.width, height: size.height, frameRate: camera.frameRate ?? 30,
                                     format: camera.format.flatMap(CameraPixelFormat.init(rawValue:)))
        let session = CameraSession(selector: camera.device, request: request, onFrame: onFrame)
        _ = session.waitUntilNegotiated(timeout: 2)
        return session
    }

    public func openMovie(_ movie: MovieSource, onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource {
        throw DiagnosticsError([.error("movies are not supported yet", at: movie.location)])
    }
}

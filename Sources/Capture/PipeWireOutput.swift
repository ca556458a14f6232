import Foundation
import OperatingSystem
import PipeWireBridge
import VideoFrames

/// A PipeWire Video/Source node that other programs (OBS, browsers through the camera portal,
/// `gst-launch-1.0 pipewiresrc`) read as a camera: no kernel module and no root, unlike v4l2loopback. It
/// offers the frame's exact size and rate in YUY2, NV12, I420, RGBx and BGRx; the consumer picks one, and
/// only then is a frame prepared for it (`consumerFormat`): with no consumer nothing is converted.
public final class PipeWireOutput: @unchecked Sendable {
    /// The formats offered, in order of preference: YUY2 first, as cameras and the V4L2 output give it.
    public static let offered: [PipeWireFormat] = [.yuy2, .nv12, .i420, .rgbx, .bgrx]
    public static let defaultName = "shaderbench"

    public let name: String
    public let width: Int
    public let height: Int
    private let publisher: OpaquePointer
    private let events: Unmanaged<OutputEvents>
    private var sequence: UInt64 = 0

    /// Publishes the node `name` for frames of `width`×`height` at `frameRate` (numerator/denominator
    /// frames a second) on the session's daemon, or the one at `remote`.
    public init(name: String, width: Int, height: Int, frameRate: (numerator: Int, denominator: Int), remote: String? = nil)
        throws(VirtualCameraError) {
        self.name = name
        self.width = width
        self.height = height
        let box = Unmanaged.passRetained(OutputEvents())
        var error: Int32 = 0
        let formats = Self.offered.map(\.bridgeValue)
        let opened = formats.withUnsafeBufferPointer { formats in
            sbpw_publisher_open(remote, name, "Shaderbench (\(name))", UInt32(width), UInt32(height),
                                UInt32(frameRate.numerator), UInt32(max(1, frameRate.denominator)), formats.baseAddress, UInt32(formats.count),
                                { context, event, _ in
                                    guard let context else { return }
                                    Unmanaged<OutputEvents>.fromOpaque(context).takeUnretainedValue().heard(event)
                                }, box.toOpaque(), &error)
        }
        guard let opened else {
            box.release()
            if error == -ENOSYS {
                var words = [CChar](repeating: 0, count: 256)
                _ = sbpw_load(&words, words.count)
                throw VirtualCameraError("a PipeWire output needs libpipewire (Debian: libpipewire-0.3-0): \(PipeWireDiscovery.text(words))")
            }
            throw VirtualCameraError("the PipeWire output pipewire:\(name) cannot start: \(PipeWireDiscovery.notRunning(errorNumber: -error, remote: remote))")
        }
        publisher = opened
        events = box
    }

    deinit {
        sbpw_publisher_close(publisher)
        events.release()
    }

    /// The format a connected consumer agreed; nil while none takes frames, when nothing need be prepared.
    public var consumerFormat: PipeWireFormat? {
        PipeWireFormat(bridge: sbpw_publisher_format(publisher))
    }

    /// Whether the daemon went away, which ends the output.
    public var daemonGone: Bool { events.takeUnretainedValue().daemonGone }

    /// Sends a 4:2:0 frame (I420 planes, as the GPU's readback makes them) to a consumer of a YCbCr format;
    /// false when no consumer takes it now.
    @discardableResult
    public func send(i420 frame: VideoFrame) throws(VirtualCameraError) -> Bool {
        let layout = frame.layout
        guard layout.format == .i420, layout.planes.count == 3, layout.width == width, layout.height == height,
              frame.bytes.count >= layout.byteCount else { return false }
        return try frame.bytes.withUnsafeBufferPointer { bytes throws(VirtualCameraError) in
            guard let base = bytes.baseAddress else { return false }
            var source = sbpw_source_frame()
            source.width = UInt32(width)
            source.height = UInt32(height)
            source.planes = (base + layout.planes[0].offset, base + layout.planes[1].offset, base + layout.planes[2].offset)
            source.strides = (UInt32(layout.planes[0].bytesPerRow), UInt32(layout.planes[1].bytesPerRow), UInt32(layout.planes[2].bytesPerRow))
            source.is_rgba = 0
            return try send(source)
        }
    }

    /// Sends RGBA pixels (top row first, `width × 4` bytes a row) to a consumer of an RGB format; false when no
    /// consumer takes them now.
    @discardableResult
    public func send(rgba pixels: [UInt8]) throws(VirtualCameraError) -> Bool {
        guard pixels.count >= width * height * 4, !pixels.isEmpty else { return false }
        return try pixels.withUnsafeBufferPointer { bytes throws(VirtualCameraError) in
            var source = sbpw_source_frame()
            source.width = UInt32(width)
            source.height = UInt32(height)
            source.planes = (bytes.baseAddress, nil, nil)
            source.strides = (UInt32(width * 4), 0, 0)
            source.is_rgba = 1
            return try send(source)
        }
    }

    private func send(_ source: sbpw_source_frame) throws(VirtualCameraError) -> Bool {
        var source = source
        sequence += 1
        let sent = sbpw_publisher_send(publisher, &source, sequence)
        if sent < 0 { throw VirtualCameraError("PipeWire stopped, which ends the output pipewire:\(name)") }
        return sent == 1
    }
}

/// What PipeWire's thread tells an output.
private final class OutputEvents: @unchecked Sendable {
    private let state = Locked(false)

    func heard(_ event: Int32) {
        if UInt32(event) == SBPW_EVENT_DAEMON_GONE.rawValue { state.withLock { $0 = true } }
    }

    var daemonGone: Bool { state.withLock { $0 } }
}

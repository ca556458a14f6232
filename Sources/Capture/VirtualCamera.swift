#if canImport(Glibc)
import Glibc
#endif
import VideoFrames

/// A V4L2 video output that other programs read as a camera (v4l2loopback, as OBS's virtual camera uses it):
/// found by its V4L2_CAP_VIDEO_OUTPUT capability, set to YUYV at the image's size with VIDIOC_S_FMT, and
/// written a whole frame per write(). Released, it closes the device.
public final class VirtualCamera {
    /// What to load when there is no output device.
    public static let loopbackHint = "load v4l2loopback for one: sudo modprobe v4l2loopback exclusive_caps=1"

    public let path: String
    public let width: Int
    public let height: Int
    private let device: V4L2Device
    private var packed: [UInt8] = []

    /// Opens `selector` (`auto`: the first output device; else a device path such as /dev/video9) for frames
    /// of `width`×`height` (even) at `frameRate` (numerator/denominator frames a second).
    public init(_ selector: String, width: Int, height: Int, frameRate: (numerator: Int, denominator: Int)) throws(VirtualCameraError) {
        let found: (path: String, device: V4L2Device)
        if selector == "auto" {
            guard let first = Self.firstOutput() else {
                throw VirtualCameraError("no V4L2 video output device; \(Self.loopbackHint)")
            }
            found = first
        } else {
            found = (selector, try Self.open(selector))
        }
        path = found.path
        device = found.device
        self.width = width
        self.height = height
        let format: DriverFormat
        do throws(CaptureError) {
            format = try device.setOutputFormat(fourcc: CameraPixelFormat.yuyv.fourcc, width: width, height: height)
        } catch {
            throw error.deviceIsBusy ? VirtualCameraError("\(path) is busy: another program is writing to it")
                                     : VirtualCameraError("\(path) cannot take frames: \(error)")
        }
        guard format.fourcc == CameraPixelFormat.yuyv.fourcc, format.width == width, format.height == height else {
            throw VirtualCameraError("\(path) takes \(CameraPixelFormat.name(of: format.fourcc)) \(format.width)×\(format.height), "
                                     + "not YUYV \(width)×\(height); a v4l2loopback device takes any size until a writer sets one")
        }
        device.setOutputFrameInterval(numerator: frameRate.denominator, denominator: frameRate.numerator)
    }

    /// Writes one frame of YUYV bytes (`width × height × 2`); false when the device was not ready for it and
    /// it was dropped.
    @discardableResult
    public func write(_ yuyv: [UInt8]) throws(VirtualCameraError) -> Bool {
        do {
            return try device.writeFrame(yuyv)
        } catch {
            if error.deviceIsBusy { throw VirtualCameraError("\(path) is busy: another program is writing to it") }
            throw VirtualCameraError("\(path): \(error.operation) failed: \(error.description)")
        }
    }

    /// Writes a 4:2:0 frame (I420, as the GPU's readback makes it) as YUYV: each chroma row serves the two
    /// luma rows it covers. Interleaving is a copy, so it is done here rather than in another GPU pass.
    @discardableResult
    public func write(i420 frame: VideoFrame) throws(VirtualCameraError) -> Bool {
        let layout = frame.layout
        precondition(layout.format == .i420 && layout.width == width && layout.height == height, "a frame of another shape")
        if packed.count != width * height * 2 { packed = [UInt8](repeating: 0, count: width * height * 2) }
        let luma = layout.planes[0], blue = layout.planes[1], red = layout.planes[2]
        let (width, height) = (width, height)
        frame.bytes.withUnsafeBufferPointer { bytes in
            packed.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let lumaRow = luma.offset + row * luma.bytesPerRow, outRow = row * width * 2
                    let blueRow = blue.offset + (row / 2) * blue.bytesPerRow, redRow = red.offset + (row / 2) * red.bytesPerRow
                    for pair in 0..<(width / 2) {
                        out[outRow + 4 * pair] = bytes[lumaRow + 2 * pair]
                        out[outRow + 4 * pair + 1] = bytes[blueRow + pair]
                        out[outRow + 4 * pair + 2] = bytes[lumaRow + 2 * pair + 1]
                        out[outRow + 4 * pair + 3] = bytes[redRow + pair]
                    }
                }
            }
        }
        return try write(packed)
    }

    /// Writes the last frame again, for a reader that expects a steady rate while nothing changes; false when
    /// there is none yet or the device was not ready.
    @discardableResult
    public func repeatLast() throws(VirtualCameraError) -> Bool {
        guard packed.count == width * height * 2 else { return false }
        return try write(packed)
    }

    /// Opens `path` as an output, or says why it cannot be one.
    private static func open(_ path: String) throws(VirtualCameraError) -> V4L2Device {
        let device: V4L2Device, capabilities: V4L2Device.Capabilities
        do {
            device = try V4L2Device(path: path)
            capabilities = try device.capabilities()
        } catch {
            if error.deviceIsBusy { throw VirtualCameraError("\(path) is busy: another program has it open") }
            if error.deviceIsGone { throw VirtualCameraError("\(path): no such device; \(loopbackHint)") }
            if error.isNotAVideoDevice { throw VirtualCameraError("\(path) is not a video device; \(loopbackHint)") }
            throw VirtualCameraError("\(path) cannot be opened: \(error)")
        }
        guard capabilities.canOutput else {
            let what = capabilities.canCapture ? "a capture device (\(capabilities.card))" : "not a video output (\(capabilities.card))"
            throw VirtualCameraError("\(path) is \(what), not a video output a virtual camera writes to; \(loopbackHint)")
        }
        return device
    }

    private static func firstOutput() -> (path: String, device: V4L2Device)? {
        for path in DeviceDiscovery.candidatePaths {
            guard let device = try? V4L2Device(path: path), let capabilities = try? device.capabilities(), capabilities.canOutput else { continue }
            return (path, device)
        }
        return nil
    }
}

/// Why the virtual camera cannot take frames, in words that say what to do.
public struct VirtualCameraError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

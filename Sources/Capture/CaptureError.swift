#if canImport(Glibc)
import Glibc
#endif
import OperatingSystem

/// A failed call on a camera, with the device, what was being done, and the `errno` it came back with.
public struct CaptureError: Error, Sendable, CustomStringConvertible {
    public var device: String
    public var operation: String
    public var code: Int32

    public init(device: String, operation: String, code: Int32) {
        self.device = device
        self.operation = operation
        self.code = code
    }

    /// The device is gone (unplugged, or its node removed): its descriptor will never work again.
    public var deviceIsGone: Bool { [ENODEV, ENXIO, ENOENT].contains(code) }

    /// Another program holds the device.
    public var deviceIsBusy: Bool { code == EBUSY }

    /// The file answers no V4L2 call at all (`/dev/null`, a regular file): it is no video device.
    public var isNotAVideoDevice: Bool { code == ENOTTY && operation == "VIDIOC_QUERYCAP" }

    public var description: String {
        if isNotAVideoDevice { return "\(device) is not a video device" }
        return "\(device): \(operation) failed: \(SystemError.reason(for: code))"
    }
}

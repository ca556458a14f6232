import Foundation
import ShaderGraph

/// Finds V4L2 capture devices. Probing `/dev/video0…63` through libv4l2 (rather than listing `/dev`)
/// finds every node a process can open, and skips nodes that cannot capture (metadata, output, codecs).
public enum DeviceDiscovery {
    static let candidatePaths = (0..<64).map { "/dev/video\($0)" }

    public static func captureDevices() -> [DeviceDescription] {
        var devices: [DeviceDescription] = []
        for path in candidatePaths {
            guard let description = describe(path: path, index: devices.count) else { continue }
            devices.append(description)
        }
        return devices
    }

    /// The device at `path` when it can capture; nil when it is absent or cannot.
    public static func describe(path: String, index: Int = 0) -> DeviceDescription? {
        guard let device = try? V4L2Device(path: path), let capabilities = try? device.capabilities(),
              capabilities.canCapture else { return nil }
        return DeviceDescription(path: path, index: index, card: capabilities.card, driver: capabilities.driver,
                                 bus: capabilities.bus, formats: device.formats())
    }

    /// The device a camera node names, among those present now.
    public static func find(_ selector: CameraSelector) -> DeviceDescription? {
        switch selector {
        case .path(let path):
            return describe(path: path)
        case .auto:
            return captureDevices().first
        case .index(let index):
            let devices = captureDevices()
            return devices.indices.contains(index) ? devices[index] : nil
        case .name(let text):
            return captureDevices().first { $0.card.localizedCaseInsensitiveContains(text) }
        }
    }
}

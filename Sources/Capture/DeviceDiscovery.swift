import Foundation
import ShaderGraph

/// Finds V4L2 capture devices. Probing `/dev/video0…63` through libv4l2 (rather than listing `/dev`)
/// finds every node a process can open, and skips nodes that cannot capture (metadata, output, codecs).
/// A node another program holds cannot be asked what it is; it is listed as a busy camera, named by sysfs,
/// so a camera in use is reported as busy rather than missing.
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

    /// The device at `path` when it can capture, or is busy; nil when it is absent or cannot capture. Its
    /// formats are its own, then those libv4l2 makes from them on the CPU.
    public static func describe(path: String, index: Int = 0) -> DeviceDescription? {
        let capabilities: V4L2Device.Capabilities
        let own: [DeviceDescription.Format]
        do throws(CaptureError) {
            let device = try V4L2Device(path: path)
            capabilities = try device.capabilities()
            own = device.formats()
        } catch {
            guard error.deviceIsBusy else { return nil }
            return DeviceDescription(path: path, index: index, card: SysfsCardName.card(of: path) ?? "", driver: "", bus: "",
                                     formats: [], isBusy: true)
        }
        guard capabilities.canCapture else { return nil }
        // Opened again once the first is closed, so a device that allows one open at a time still answers.
        let emulated = (try? V4L2Device(path: path, conversion: .libv4l2))?.formats().filter(\.isEmulated) ?? []
        return DeviceDescription(path: path, index: index, card: capabilities.card, driver: capabilities.driver,
                                 bus: capabilities.bus, formats: own + emulated)
    }

    /// The device a camera node names, among those present now. `auto` takes the first that is free, and a
    /// busy one only when no other is there.
    public static func find(_ selector: CameraSelector) -> DeviceDescription? {
        switch selector {
        case .path(let path):
            return describe(path: path)
        case .auto:
            let devices = captureDevices()
            return devices.first { !$0.isBusy } ?? devices.first
        case .index(let index):
            let devices = captureDevices()
            return devices.indices.contains(index) ? devices[index] : nil
        case .name(let text):
            return captureDevices().first { $0.card.localizedCaseInsensitiveContains(text) }
        case .pipewire:
            return nil
        }
    }
}

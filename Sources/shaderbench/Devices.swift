import ArgumentParser
import Capture
import OperatingSystem

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the V4L2 capture devices, with each format's frame sizes and rates.",
        discussion: "A camera node selects one by 'device: auto' (the first), its path, its index, or part of its name."
    )

    func run() throws {
        let devices = DeviceDiscovery.captureDevices()
        guard !devices.isEmpty else {
            StandardStreams.output("No capture devices found (looked for /dev/video0 to /dev/video63).\n")
            return
        }
        for device in devices {
            guard !device.isBusy else {
                StandardStreams.output("\(device.index): \(device.path)  \(device.card)  (busy: another program is using it, so its formats cannot be listed)\n")
                continue
            }
            StandardStreams.output("\(device.index): \(device.path)  \(device.card)  (driver \(device.driver), \(device.bus))\n")
            for format in device.formats {
                let code = CameraPixelFormat.name(of: format.fourcc)
                let usable = format.pixelFormat == nil ? "  (not supported by the workbench)"
                    : format.isEmulated ? "  (converted on the CPU by libv4l2)" : ""
                StandardStreams.output("    \(code)  \(format.name)\(usable)\n")
                for size in format.sizes {
                    let rates = size.rates.map(Self.rate).joined(separator: ", ")
                    StandardStreams.output("        \(size.width)×\(size.height)" + (rates.isEmpty ? "" : "  \(rates) fps") + "\n")
                }
            }
        }
    }

    private static func rate(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 100).rounded() / 100)
    }
}

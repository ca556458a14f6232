import ArgumentParser
import Capture
import OperatingSystem

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the V4L2 capture devices and the PipeWire cameras, with each format's frame sizes and rates.",
        discussion: """
            A camera node selects a V4L2 device by 'device: auto' (the first), its path, its index, or part of its name, \
            and a PipeWire camera by 'device: pipewire:NAME' (its node name, serial or id, or part of its description). \
            'device: auto' takes a PipeWire camera when no V4L2 camera answers.
            """
    )

    func run() throws {
        listV4L2()
        listPipeWire()
    }

    private func listV4L2() {
        let devices = DeviceDiscovery.captureDevices()
        guard !devices.isEmpty else {
            StandardStreams.output("No V4L2 capture devices found (looked for /dev/video0 to /dev/video63).\n")
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

    private func listPipeWire() {
        let cameras: [PipeWireCameraDescription]
        do throws(PipeWireDiscovery.Unavailable) {
            cameras = try PipeWireDiscovery.cameras()
        } catch {
            StandardStreams.output("PipeWire cameras: none listed (\(error.description)).\n")
            return
        }
        guard !cameras.isEmpty else {
            StandardStreams.output("PipeWire cameras: none (the daemon has no Video/Source node\(PipeWireDiscovery.sandboxNote.map { "; \($0)" } ?? "")).\n")
            return
        }
        for camera in cameras {
            StandardStreams.output("pipewire:\(camera.name)  \(camera.description)  (serial \(camera.serial), id \(camera.id))\n")
            for offer in camera.offers {
                let rate = offer.frameRate.map { "  \(Self.rate($0)) fps" } ?? ""
                StandardStreams.output("    \(offer.format)  \(offer.width)×\(offer.height)\(rate)\n")
            }
        }
    }

    private static func rate(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 100).rounded() / 100)
    }
}

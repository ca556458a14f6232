import Foundation

/// An emulated V4L2 camera for end-to-end tests: the `V4L2Emulator` library preloaded into the real
/// executable, configured by a folder that holds its devices, the faults to inject and its counters.
public final class EmulatedCamera {
    public let folder: TemporaryFolder

    /// One 640×480 and 1280×720 camera offering every format the workbench takes, BT.601 limited range.
    public static let standardDevice = """
        [/dev/video0]
        card = Emulated Camera
        driver = v4l2-emulator
        bus = platform:v4l2-emulator-0
        formats = YUYV NV12 YU12 RGB3 MJPG
        sizes = 640x480 1280x720
        fps = 30
        colorspace = smpte170m
        quantization = limited
        """

    /// The bars the emulator paints, left to right, as 8-bit RGB.
    public static let bars: [(r: Int, g: Int, b: Int)] = [(200, 50, 50), (50, 200, 50), (50, 50, 200), (128, 128, 128)]

    /// Where the emulated device answers: in place of libv4l2, or below the real libv4l2 and its format
    /// conversion, at the kernel's calls.
    public enum Layer: Sendable {
        case libv4l2
        case kernel
    }

    public let layer: Layer

    public init(devices: String = EmulatedCamera.standardDevice, layer: Layer = .libv4l2) throws {
        folder = try TemporaryFolder()
        self.layer = layer
        try folder.write("devices.conf", devices)
    }

    /// The library beside the test bundle in the build folder.
    public static var library: String {
        URL(fileURLWithPath: Repository.executable).deletingLastPathComponent().appendingPathComponent("libV4L2Emulator.so").path
    }

    /// The inherited environment plus what preloads and configures the emulator.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = Self.library
        environment["V4L2_EMULATOR_DIR"] = folder.path
        environment["V4L2_EMULATOR_LAYER"] = layer == .kernel ? "kernel" : "libv4l2"
        return environment
    }

    /// Injects a fault (`unplugged`, `busy-open`, `busy`, `refuse-format`, `eagain`, `stall`, `eio`) or clears it.
    public func set(_ fault: String, _ present: Bool) throws {
        if present {
            try folder.write(fault, "")
        } else {
            try? FileManager.default.removeItem(atPath: folder.file(fault))
        }
    }

    /// The emulator's counters: `open`, `mapped`, `buffers`, `streaming`, `opens`.
    public var counters: [String: Int] {
        let text = (try? String(contentsOfFile: folder.file("status"), encoding: .utf8)) ?? ""
        var counters: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { counters[String(parts[0])] = value }
        }
        return counters
    }
}

import Foundation
import Images
import Testing
import TestSupport

/// The real app in a window, on a display of its own, showing an emulated camera while faults come and go.
@Suite("Cameras in the window", .serialized)
struct CameraWindowTests {
    /// The app showing a 640×480 YUYV camera, scaled to 960×720 in the middle of its 1280×720 window.
    final class CameraWindow {
        let camera: EmulatedCamera
        let window: WindowProcess
        var display: VirtualDisplay { window.display }
        var app: RunningProcess { window.app }

        init(faults: [String] = [], format: String = "YUYV", composition: String? = nil) throws {
            camera = try EmulatedCamera()
            for fault in faults { try camera.set(fault, true) }
            let path = try composition ?? camera.folder.write("camera.yaml", """
                nodes:
                  camera: { kind: camera, device: auto, size: [640, 480], format: \(format) }
                output: camera
                """)
            window = try WindowProcess([path], environment: camera.environment, directory: camera.folder.path)
        }

        /// A wait for the camera's first picture: starting a window, a GL context and a stream took up to 30 s
        /// each while the rest of the suite loaded both cores, so this allows twice that.
        func firstPicture(_ condition: () throws -> Bool) rethrows -> Bool {
            try eventually(timeout: 60, condition)
        }

        /// Whether the red bar (the camera's first) is on screen, below the heads-up display.
        func showsCamera() throws -> Bool {
            let pixel = try display.screenshot()[280, 400]
            return abs(Int(pixel.r) - 200) <= 3 && abs(Int(pixel.g) - 50) <= 3 && abs(Int(pixel.b) - 50) <= 3
        }

        /// The largest channel difference between each bar's middle on screen and the colour painted.
        func barErrorOnScreen() throws -> Int {
            let screen = try display.screenshot()
            return EmulatedCamera.bars.enumerated().map { index, bar in
                let pixel = screen[160 + (2 * index + 1) * 120, 400]
                return max(abs(Int(pixel.r) - bar.r), abs(Int(pixel.g) - bar.g), abs(Int(pixel.b) - bar.b))
            }.max() ?? .max
        }

        func lines(containing text: String) -> Int {
            app.error.components(separatedBy: "\n").filter { $0.contains(text) }.count
        }
    }

    @Test("every format shows the camera's colours on screen", arguments: [("YUYV", 2), ("NV12", 2), ("YU12", 2), ("RGB3", 1), ("MJPG", 3)])
    func formatsOnScreen(format: String, tolerance: Int) throws {
        let window = try CameraWindow(format: format)
        let matched = try window.firstPicture { try window.barErrorOnScreen() <= tolerance }
        #expect(matched, "\(format): off by \((try? window.barErrorOnScreen()) ?? -1); the app said: \(window.app.error.suffix(1500))")
    }

    @Test("colour tracking: the dot sits on the red bar, a click on the blue bar tracks blue, a drag widens the match")
    func colourTracking() throws {
        let window = try CameraWindow(composition: Repository.path("compositions/color-tracking.yaml"))
        func dotIsAt(_ x: Int) throws -> Bool {
            let pixel = try window.display.screenshot()[x, 360]
            return abs(Int(pixel.r) - 51) <= 3 && abs(Int(pixel.g) - 255) <= 3 && abs(Int(pixel.b) - 77) <= 3
        }
        // The bars' centres are at 1/8, 3/8, 5/8 and 7/8 of the 1280-pixel output, which fills the window.
        #expect(try window.firstPicture { try dotIsAt(160) }, "the default target is red")
        try window.display.xdotool(["mousemove", "800", "400", "click", "1"])
        #expect(try eventually { try dotIsAt(800) }, "the blue bar's colour, picked")
        // 480 pixels is half the output's width: the threshold grows by 0.25, enough to take in the grey bar.
        try window.display.xdotool(["mousemove", "800", "400", "mousedown", "1", "mousemove", "1040", "400", "mousemove", "1279", "400", "mouseup", "1"])
        #expect(try eventually { try dotIsAt(960) }, "blue and grey together: their centroid")
    }

    @Test("an unplugged camera leaves its last frame on screen, releases the device, and comes back by itself")
    func unplugAndReplug() throws {
        let window = try CameraWindow()
        #expect(try window.firstPicture { try window.showsCamera() })
        let opens = window.camera.counters["opens"] ?? 0
        try window.camera.set("unplugged", true)
        #expect(eventually { window.lines(containing: "showing the last frame, reconnecting") >= 1 }, "\(window.app.error)")
        #expect(try window.showsCamera(), "the last frame stays")
        #expect(eventually {
            let counters = window.camera.counters
            return counters["open"] == 0 && counters["mapped"] == 0 && counters["buffers"] == 0
        }, "the dead device is closed and unmapped: \(window.camera.counters)")
        #expect(window.app.isRunning)
        try window.camera.set("unplugged", false)
        #expect(eventually { window.lines(containing: "camera: streaming") >= 1 }, "\(window.app.error)")
        #expect(eventually { window.camera.counters["streaming"] == 1 && (window.camera.counters["opens"] ?? 0) > opens })
        #expect(try window.showsCamera())
    }

    @Test("a camera busy (at open or once opened) or refusing at start is retried until it streams",
          arguments: ["busy-open", "busy", "refuse-format"])
    func busyOrRefusingAtStart(fault: String) throws {
        // A refusing camera would be used in the format it is in, YUYV, so this one insists on another.
        let window = try CameraWindow(faults: [fault], format: fault == "refuse-format" ? "NV12" : "YUYV")
        let said = fault.hasPrefix("busy") ? "camera /dev/video0 (Emulated Camera) is busy (another program is using it); retrying"
            : "VIDIOC_S_FMT"
        #expect(eventually { window.lines(containing: said) >= 1 }, "\(window.app.error)")
        #expect(try !window.showsCamera())
        try window.camera.set(fault, false)
        #expect(try window.firstPicture { try window.showsCamera() }, "\(window.app.error)")
        #expect(window.app.isRunning)
    }

    @Test("stalls, EAGAIN storms and I/O errors while streaming hold the last frame and recover", arguments: ["stall", "eagain", "eio"])
    func faultsWhileStreaming(fault: String) throws {
        let window = try CameraWindow()
        #expect(try window.firstPicture { try window.showsCamera() })
        let streamingBefore = window.lines(containing: "camera: streaming")
        try window.camera.set(fault, true)
        #expect(eventually { window.lines(containing: "warning: camera") >= 1 }, "\(fault): \(window.app.error)")
        #expect(try window.showsCamera(), "the last frame stays")
        if fault == "eagain" {
            // A storm of spurious wake-ups must not spin a core.
            let before = try cpuSeconds(of: window.app.processIdentifier)
            Thread.sleep(forTimeInterval: 1)
            let used = try cpuSeconds(of: window.app.processIdentifier) - before
            #expect(used < 0.5, "CPU seconds in one second of EAGAIN storm: \(used)")
        }
        try window.camera.set(fault, false)
        #expect(eventually { window.lines(containing: "camera: streaming") > streamingBefore }, "\(fault): \(window.app.error)")
        #expect(try window.showsCamera())
        #expect(window.app.isRunning)
    }

    /// User and system time of a process so far, from /proc.
    func cpuSeconds(of process: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        // After the command name: state is field 3, utime field 14 and stime field 15 (1-based, whole line).
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

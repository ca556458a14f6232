import Capture
import Foundation
import TestSupport
import VideoFrames

/// PipeWire on a private session: (1) the window's output as a PipeWire camera, a moving 1280×720 composition
/// read by the workbench's own PipeWire camera in the benchmark's process, against the same window with no output and with
/// an output nobody reads: frames received a second against the composition's 30, and the CPU a frame shown
/// costs; (2) one hop through PipeWire, a frame sent by a `PipeWireOutput` until the `PipeWireCamera` reading
/// it has it, against the frame interval; (3) a PipeWire camera to photon in the window.
enum PipeWireBenchmark {
    struct Reading {
        var received: Double
        var presented: Double
        var cpu: Double
    }

    static func run(seconds: Double) throws {
        let session = try PipeWireSession()
        let without = try measure(session, seconds: seconds, output: false, reading: false)
        let unread = try measure(session, seconds: seconds, output: true, reading: false)
        let read = try measure(session, seconds: seconds, output: true, reading: true)
        print("")
        print("PipeWire output: a moving 1280×720 ShaderToy pass in the window under Xvfb, \(Int(seconds)) s each, read as YUY2 by a PipeWire camera in the benchmark's process")
        print("window                               received/s   presented/s   CPU s/s   CPU ms a frame shown")
        for (label, reading) in [("without --output", without), ("--output pipewire, no consumer", unread), ("--output pipewire, read", read)] {
            print(label.padding(toLength: 36, withPad: " ", startingAt: 0)
                  + String(format: " %10.1f   %11.1f   %7.2f   %8.1f", reading.received, reading.presented, reading.cpu,
                           reading.cpu / max(reading.presented, 1) * 1000))
        }
        print(String(format: "received ÷ the composition's 30 a second: %.3f", read.received / 30))
        try hop(session)
        let pipewire = try photon(session)
        let v4l2 = try emulatedCameraPhoton()
        print(String(format: "camera → photon, same window and probe: PipeWire median %.1f ms against the emulated V4L2 camera's %.1f ms (%+.1f ms; a frame at 30 a second: 33.3 ms)",
                     pipewire, v4l2, pipewire - v4l2))
    }

    /// A PipeWire camera to photon in the window: a still composition showing the camera `probe`, fed by a
    /// `PipeWireOutput` here one frame at a time, 100 ms apart, each a new grey; from each send to the first
    /// frame the window presented after it, by its trace. The window draws only when a camera frame wakes it.
    @discardableResult
    static func photon(_ session: PipeWireSession, frames: Int = 100) throws -> Double {
        let output = try PipeWireOutput(name: "probe", width: 640, height: 360, frameRate: (30, 1), remote: session.socket)
        let window = try WindowedApp(files: ["probe.yaml": """
            composition: 1
            size: [640, 360]
            nodes:
              camera: { kind: camera, device: "pipewire:probe", size: [640, 360] }
            output: camera
            """], composition: "probe.yaml", showing: nil,
            environment: session.environment.filter { ["XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS"].contains($0.key) })
        defer { window.stop() }
        func frame(_ level: UInt8) -> VideoFrame {
            var bytes = [UInt8](repeating: 128, count: 640 * 360 * 3 / 2)
            for index in 0..<(640 * 360) { bytes[index] = level }
            return VideoFrame(layout: FrameLayout(contiguous: .i420, width: 640, height: 360, bytesPerRow: 640, encoding: .init(matrix: .bt601, range: .limited)),
                              bytes: bytes, sequence: 0, timestamp: 0)
        }
        let levels = (0..<8).map { frame(UInt8(40 + 20 * $0)) }
        let ready = Date().addingTimeInterval(20)
        while output.consumerFormat == nil, Date() < ready {
            _ = try output.send(i420: levels[0])
            Thread.sleep(forTimeInterval: 0.1)
        }
        Thread.sleep(forTimeInterval: 1)
        var latencies: [Double] = []
        for index in 0..<frames {
            let sent = monotonicSeconds()
            guard try output.send(i420: levels[index % levels.count]) else { continue }
            var shown: Double?
            _ = eventually(timeout: 5) {
                shown = WindowTrace(path: window.tracePath).events.first { $0.name == "frame-presented" && $0.time > sent }?.time
                return shown != nil
            }
            if let shown { latencies.append((shown - sent) * 1000) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        print(String(format: "PipeWire camera → photon, 640×360 I420 frames 100 ms apart into a still window under Xvfb (%d of %d shown): median %.1f ms, p95 %.1f ms, max %.1f ms",
                     latencies.count, frames, percentile(latencies, 0.5), percentile(latencies, 0.95), latencies.max() ?? .nan))
        return percentile(latencies, 0.5)
    }

    /// The same probe on the emulated V4L2 camera: it is held (`stall`) and let go 100 ms later, when it arms
    /// its frame timer, whose first frame comes one interval (1/30 s) after; each latency runs from that frame's
    /// moment to the first frame the window presented after it.
    static func emulatedCameraPhoton(frames: Int = 100) throws -> Double {
        let camera = try EmulatedCamera(devices: """
            [/dev/video0]
            card = Emulated Camera
            driver = v4l2-emulator
            formats = YUYV
            sizes = 640x360
            fps = 30
            colorspace = smpte170m
            quantization = limited
            """)
        let window = try WindowedApp(files: ["probe.yaml": """
            composition: 1
            size: [640, 360]
            nodes:
              camera: { kind: camera, device: /dev/video0, size: [640, 360] }
            output: camera
            """], composition: "probe.yaml", showing: nil,
            environment: camera.environment.filter { ["LD_PRELOAD", "V4L2_EMULATOR_DIR", "V4L2_EMULATOR_LAYER"].contains($0.key) })
        defer { window.stop() }
        Thread.sleep(forTimeInterval: 2)
        var latencies: [Double] = []
        for _ in 0..<frames {
            try camera.set("stall", true)
            Thread.sleep(forTimeInterval: 0.1)
            let released = monotonicSeconds()
            try camera.set("stall", false)
            let due = released + 1.0 / 30
            var shown: Double?
            _ = eventually(timeout: 5) {
                shown = WindowTrace(path: window.tracePath).events.first { $0.name == "frame-presented" && $0.time > due }?.time
                return shown != nil
            }
            if let shown { latencies.append((shown - due) * 1000) }
        }
        print(String(format: "emulated V4L2 camera → photon, 640×360 YUYV, the same probe (%d of %d shown): median %.1f ms, p95 %.1f ms, max %.1f ms",
                     latencies.count, frames, percentile(latencies, 0.5), percentile(latencies, 0.95), latencies.max() ?? .nan))
        return percentile(latencies, 0.5)
    }

    static func measure(_ session: PipeWireSession, seconds: Double, output: Bool, reading: Bool) throws -> Reading {
        let window = try WindowedApp(files: ["moving.glsl": VirtualCameraBenchmark.moving, "moving.yaml": """
            composition: 1
            size: [1280, 720]
            nodes:
              moving: { kind: shader, file: moving.glsl }
            """], composition: "moving.yaml", showing: "moving", arguments: output ? ["--output", "pipewire:bench"] : [],
            environment: session.environment.filter { ["XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS"].contains($0.key) })
        let camera = reading ? PipeWireCamera(node: "bench", request: CaptureRequest(width: 1280, height: 720), remote: session.socket) : nil
        Thread.sleep(forTimeInterval: 3)
        func received() -> Int { camera.map { _ = $0.takeFrame(); return $0.status.framesCaptured } ?? 0 }
        let start = (time: monotonicSeconds(), cpu: window.cpuSeconds, received: received())
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let frame = camera?.takeFrame() { camera?.recycle(frame) }
            Thread.sleep(forTimeInterval: 0.005)
        }
        let end = (time: monotonicSeconds(), cpu: window.cpuSeconds, received: received())
        let presented = WindowTrace(path: window.tracePath).frames.filter { $0 >= start.time && $0 <= end.time }.count
        camera?.stop()
        window.stop()
        let elapsed = end.time - start.time
        return Reading(received: Double(end.received - start.received) / elapsed, presented: Double(presented) / elapsed,
                       cpu: (end.cpu - start.cpu) / elapsed)
    }

    /// Frames of 1280×720 I420 sent at 30 a second; each one's time from the send to the reader having it.
    static func hop(_ session: PipeWireSession, frames: Int = 150) throws {
        let output = try PipeWireOutput(name: "hop", width: 1280, height: 720, frameRate: (30, 1), remote: session.socket)
        let camera = PipeWireCamera(node: "hop", request: CaptureRequest(width: 1280, height: 720), remote: session.socket)
        defer { camera.stop() }
        let frame = VideoFrame(layout: FrameLayout(contiguous: .i420, width: 1280, height: 720, bytesPerRow: 1280, encoding: .init(matrix: .bt601, range: .limited)),
                               bytes: [UInt8](repeating: 128, count: 1280 * 720 * 3 / 2), sequence: 0, timestamp: 0)
        var latencies: [Double] = []
        let warmUp = Date().addingTimeInterval(10)
        while output.consumerFormat == nil, Date() < warmUp {
            _ = try output.send(i420: frame)
            Thread.sleep(forTimeInterval: 1.0 / 30)
        }
        while latencies.count < frames {
            _ = camera.takeFrame().map(camera.recycle)
            let sent = ProcessInfo.processInfo.systemUptime
            guard try output.send(i420: frame) else { Thread.sleep(forTimeInterval: 1.0 / 30); continue }
            if let received = camera.waitForFrame(timeout: 1) {
                latencies.append(received.timestamp - sent)
                camera.recycle(received)
            }
            let next = sent + 1.0 / 30
            let now = ProcessInfo.processInfo.systemUptime
            if next > now { Thread.sleep(forTimeInterval: next - now) }
        }
        print(String(format: "one PipeWire hop, 1280×720 I420 sent → YUY2 in the reader's hands (%d frames): median %.2f ms, p95 %.2f ms; a frame lasts 33.3 ms",
                     latencies.count, percentile(latencies, 0.5) * 1000, percentile(latencies, 0.95) * 1000))
    }
}

import Capture
import Foundation
import TestSupport
import VideoFrames

/// PipeWire on a private session: (1) the window's output as a PipeWire camera, a moving 1280×720 composition
/// read by the workbench's own PipeWire camera in the benchmark's process, against the same window with no output and with
/// an output nobody reads: frames received a second against the composition's 30, and the CPU a frame shown
/// costs; (2) one hop through PipeWire, a frame sent by a `PipeWireOutput` until the `PipeWireCamera` reading
/// it has it, against the frame interval.
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

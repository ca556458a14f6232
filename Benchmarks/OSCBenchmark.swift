import Foundation
import OSC
import TestSupport

/// OSC message to photon, and MIDI event to photon, in the live window, measured from outside: the window listens
/// where its composition says (`osc: PORT`); the benchmark notes CLOCK_MONOTONIC, sends `/fill/brightness` (or a
/// control change that the composition's `controls:` maps to it, as `/shaderbench/midi`) over loopback UDP
/// through liblo, and reads from the window's trace when the first frame after the value was set was presented.
/// The composition is still, so every frame the window draws is one a message woke it for. The MIDI pass takes
/// everything a controller's event takes after the sequencer's thread (libasound's encoder, the event structure,
/// the mapping), which the sequencer itself only queues.
enum OSCBenchmark {
    static let shader = """
        precision mediump float;
        uniform float brightness;
        void main() { gl_FragColor = vec4(vec3(brightness), 1.0); }
        """

    static func run(messages: Int) throws {
        let port = try OSCReceiver(port: 0) { _ in }.port
        let window = try WindowedApp(files: ["grey.fsh": shader, "osc.yaml": """
            composition: 1
            size: [640, 360]
            nodes:
              fill: { kind: shader, file: grey.fsh, uniforms: { brightness: 0.5 } }
            publish: [fill.brightness]
            controls: { fill.brightness: { cc: 21 } }
            osc: \(port)
            """], composition: "osc.yaml", showing: "fill")
        let tracePath = window.tracePath
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        Thread.sleep(forTimeInterval: 1)

        let osc = try latencies(messages: messages, tracePath: tracePath, window: window) { message in
            // A value of its own each time, so every message changes the picture.
            try sender.send("/fill/brightness", [Float(message % 100) / 100])
        }
        let midi = try latencies(messages: messages, tracePath: tracePath, window: window) { message in
            try sender.send("/shaderbench/midi", arguments: [.midi([0, 0xB0, 21, UInt8(message % 128)])])
        }
        window.stop()
        print("")
        print("OSC message → photon: \(messages) messages, /fill/brightness over loopback UDP, 640×360, under Xvfb")
        print(String(format: "median %.1f ms   p95 %.1f ms   max %.1f ms   (a frame at 60 Hz: 16.7 ms)",
                     percentile(osc, 0.5), percentile(osc, 0.95), osc.max() ?? .nan))
        print("MIDI event → photon: \(messages) control changes (CC 21 → fill.brightness) as /shaderbench/midi, same window")
        print(String(format: "median %.1f ms   p95 %.1f ms   max %.1f ms   (a frame at 60 Hz: 16.7 ms)",
                     percentile(midi, 0.5), percentile(midi, 0.95), midi.max() ?? .nan))
    }

    /// Milliseconds from each `send(message)` to the first frame presented after the value it carried was set.
    private static func latencies(messages: Int, tracePath: String, window: WindowedApp, send: (Int) throws -> Void) throws -> [Double] {
        var latencies: [Double] = []
        for message in 1...messages {
            let sent = monotonicSeconds()
            try send(message)
            var photon: Double?
            _ = eventually(timeout: 10) {
                let trace = WindowTrace(path: tracePath)
                guard let changed = trace.events.first(where: { $0.name == "parameter-changed" && $0.time > sent }) else { return false }
                photon = trace.events.first { $0.name == "frame-presented" && $0.time >= changed.time }?.time
                return photon != nil
            }
            guard let photon else { throw TestSupportError("message \(message) never reached the screen: \(window.app.error)") }
            latencies.append((photon - sent) * 1000)
            // Apart, so each message is a frame of its own.
            Thread.sleep(forTimeInterval: 0.05)
        }
        return latencies
    }
}

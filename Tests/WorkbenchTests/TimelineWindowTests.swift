import Foundation
import OSC
import TestSupport
import Testing

/// The timeline (T) in the real window under Xvfb: scrubbing, keys added, dragged and deleted with xdotool at the
/// places the trace gives for the lanes, the image read back from the screen, and Ctrl-S's bytes in the file.
@Suite("The timeline", .serialized)
struct TimelineWindowTests {
    /// A grey of `level`: the keyed value shows in every pixel.
    static let look = """
        precision mediump float;
        uniform float level;    // default: 0.5, range: 0...1
        void main() { gl_FragColor = vec4(vec3(level), 1.0); }
        """

    /// `level` rises from 0 at 0 s to 1 at 4 s, written as a block list with comments.
    static let composition = """
        composition: 1
        size: [320, 180]
        nodes:
          # one pass, keyed
          look: { kind: shader, file: look.fsh, uniforms: { level: 0.25 } }   # the panel's value
        output: look
        publish: [look.level]
        animate:
          look.level:
            - [0, 0]      # dark
            - [4, 1]      # light
        duration: 4
        """

    /// Above the timeline, which covers the bottom of the image.
    static let image = (x: 300, y: 300)

    static func grey(_ level: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
        let value = UInt8((level * 255).rounded())
        return (value, value, value)
    }

    struct Area {
        var x: Double, y: Double, width: Double, height: Double, start: Double, end: Double
        func x(of seconds: Double) -> Int { Int((x + (seconds - start) / (end - start) * width).rounded()) }
        func y(of value: Double) -> Int { Int((y + height - value * height).rounded()) }
    }

    static func area(_ window: LiveWindow, _ event: String) -> Area? {
        guard let fields = window.trace.events.last(where: { $0.name == event })?.fields,
              let x = fields["x"] as? Double, let y = fields["y"] as? Double, let width = fields["width"] as? Double,
              let height = fields["height"] as? Double, let start = fields["start"] as? Double, let end = fields["end"] as? Double else { return nil }
        return Area(x: x, y: y, width: width, height: height, start: start, end: end)
    }

    func openWindow(composition: String = Self.composition, arguments: [String] = []) throws -> LiveWindow {
        let window = try LiveWindow(composition: composition, arguments: arguments) { folder in
            _ = try folder.write("compositions/look.fsh", Self.look)
        }
        #expect(eventually { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        return window
    }

    func drag(_ window: LiveWindow, from start: (Int, Int), to end: (Int, Int)) throws {
        let middle = ((start.0 + end.0) / 2, (start.1 + end.1) / 2)
        try window.pointer(["mousemove", "\(start.0)", "\(start.1)", "sleep", "0.3", "mousedown", "1", "sleep", "0.3",
                            "mousemove", "\(middle.0)", "\(middle.1)", "sleep", "0.3", "mousemove", "\(end.0)", "\(end.1)", "sleep", "0.3",
                            "mouseup", "1", "sleep", "0.3"])
    }

    @Test("scrub, add a key, drag it, delete it, undo, and Ctrl-S writes only the new key's line")
    func editsKeys() throws {
        let window = try openWindow()
        try window.pressAndWait("space")
        try window.pressAndWait("t")
        #expect(eventually { Self.area(window, "timeline-lane") != nil }, "the timeline did not open: \(window.app.error)")
        let ruler = try #require(Self.area(window, "timeline-ruler"))
        let lane = try #require(Self.area(window, "timeline-lane"))
        #expect(lane.start == 0 && lane.end == 4, "the lanes show the composition's 4 s: \(lane)")

        // Scrubbing to 3 s of the 4 s ramp: 0.75.
        try drag(window, from: (ruler.x(of: 1), Int(ruler.y + ruler.height / 2)), to: (ruler.x(of: 3), Int(ruler.y + ruler.height / 2)))
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.75))]), "scrubbed to 3 s")

        // K over the lane: a key at 3 s at the panel's 0.25, which the image then shows.
        try window.pointer(["mousemove", "\(lane.x(of: 1))", "\(Int(lane.y + lane.height / 2))", "sleep", "0.3"])
        try window.pressAndWait("k")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.25))]), "the key at the playhead")

        // The key dragged to 2 s and above the lane's top (held to 1): from 2 s on the curve is at 1.
        try drag(window, from: (lane.x(of: 3), lane.y(of: 0.25)), to: (lane.x(of: 2), Int(lane.y) - 10))
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(1))]), "the dragged key")

        // Delete: back to the ramp's 0.75 at 3 s; undo brings the key back.
        try window.pressAndWait("Delete")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.75))]), "the key deleted")
        try window.pressAndWait("ctrl+z")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(1))]), "the deletion undone")

        // Q asks about the unsaved keys; Esc goes back.
        try window.pressAndWait("q")
        #expect(eventually { window.count(of: "quit-asked") == 1 }, "stderr: \(window.app.error)")
        try window.press("Escape")
        #expect(eventually { textSoFar(of: window.tracePath).contains("\"answer\":\"cancel\"") })

        try window.pressAndWait("ctrl+s")
        #expect(eventually { window.count(of: "parameters-saved") == 1 }, "stderr: \(window.app.error)")
        let written = try String(contentsOfFile: window.compositionPath, encoding: .utf8)
        var lines = written.components(separatedBy: "\n")
        let original = Self.composition.components(separatedBy: "\n")
        // One line more, after the first key's, and every other line byte for byte.
        try #require(lines.count == original.count + 1, "written:\n\(written)")
        let added = lines.remove(at: 10)
        #expect(lines == original, "written:\n\(written)")
        let numbers: [Double] = added.trimmingCharacters(in: .whitespaces).dropFirst(3).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        #expect(added.hasPrefix("    - [") && numbers.count == 2, "added: '\(added)'")
        // 2 s to within a pixel's worth of the lane's 4 s, the value exactly the range's top.
        let pixel: Double = (lane.end - lane.start) / lane.width
        let time: Double = numbers.first ?? -1
        #expect(abs(time - 2) <= 2 * pixel + 0.001, "added: '\(added)'")
        #expect(numbers.last == 1, "added: '\(added)'")
    }

    @Test("a parameter only keys play, published nowhere, has its lane: a key added there plays and is saved")
    func keyedOnlyParameter() throws {
        let composition = Self.composition.replacingOccurrences(of: "publish: [look.level]\n", with: "")
        let window = try openWindow(composition: composition)
        try window.pressAndWait("space")
        try window.pressAndWait("t")
        #expect(eventually { Self.area(window, "timeline-lane") != nil }, "no lane: \(window.app.error)")
        let lanes = window.trace.events.filter { $0.name == "timeline-lane" }.compactMap { $0.fields["parameter"] as? String }
        #expect(Set(lanes) == ["look.level"])
        let ruler = try #require(Self.area(window, "timeline-ruler"))
        let lane = try #require(Self.area(window, "timeline-lane"))
        try drag(window, from: (ruler.x(of: 1), Int(ruler.y + ruler.height / 2)), to: (ruler.x(of: 3), Int(ruler.y + ruler.height / 2)))
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.75))]), "scrubbed to 3 s")
        // K: a key at the playhead at the composition's 0.25, as nothing tunes it.
        try window.pointer(["mousemove", "\(lane.x(of: 1))", "\(Int(lane.y + lane.height / 2))", "sleep", "0.3"])
        try window.pressAndWait("k")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.25))]), "the key at the playhead")
        try window.pressAndWait("ctrl+s")
        #expect(eventually { window.count(of: "parameters-saved") == 1 }, "stderr: \(window.app.error)")
        let written = try String(contentsOfFile: window.compositionPath, encoding: .utf8).components(separatedBy: "\n")
        let original = composition.components(separatedBy: "\n")
        try #require(written.count == original.count + 1, "written:\n\(written.joined(separator: "\n"))")
        var others = written
        let added = others.remove(at: 9)
        #expect(others == original)
        #expect(added.hasPrefix("    - [") && added.hasSuffix(", 0.25]"), "added: '\(added)'")
    }

    @Test("a keyed parameter set by a control outside a take plays its keys on; K keys the value it was set to")
    func controlOnKeyedParameter() throws {
        let port = try OSCReceiver(port: 0) { _ in }.port
        let window = try openWindow(arguments: ["--osc", "\(port)"])
        #expect(eventually { window.app.error.contains("listening for OSC") }, "stderr: \(window.app.error)")
        try window.pressAndWait("space")
        try window.pressAndWait("t")
        #expect(eventually { Self.area(window, "timeline-lane") != nil }, "no lane: \(window.app.error)")
        let ruler = try #require(Self.area(window, "timeline-ruler"))
        let lane = try #require(Self.area(window, "timeline-lane"))
        let middle = Int(ruler.y + ruler.height / 2)
        try drag(window, from: (ruler.x(of: 1), middle), to: (ruler.x(of: 3), middle))
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.75))]), "scrubbed to 3 s")
        try OSCSender(host: "127.0.0.1", port: port).send("/look/level", [0.1])
        #expect(eventually { window.trace.events.contains { $0.name == "parameter-changed" } }, "stderr: \(window.app.error)")
        try window.pointer(["mousemove", "\(lane.x(of: 1))", "\(Int(lane.y + lane.height / 2))", "sleep", "0.3"])
        try window.pressAndWait("k")
        #expect(eventually { window.trace.events.contains { $0.name == "keys-changed" } })
        // The keys now run from 0 at 0 s to the 0.1 keyed at the playhead: at the scrubbed-to time, its exact time
        // read from the trace, the line between them, not the value the control set held still.
        let changed = try #require(window.trace.events.last { $0.name == "keys-changed" })
        let times = try #require(changed.fields["times"] as? [Double])
        let values = try #require(changed.fields["values"] as? [Double])
        #expect(values.count == 3 && abs(values[1] - 0.1) < 1e-6, "keys: \(times) \(values)")
        try drag(window, from: (ruler.x(of: 2), middle), to: (ruler.x(of: 1), middle))
        // At 1 s, a third of the way (to within a pixel) from 0 to the key at the playhead; held still it would be 0.1.
        let keyed = times.count == 3 ? 0.1 * 1 / times[1] : -1
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(keyed))], timeout: 5), "the keys play on")
    }

    @Test("a window closed by a signal prints the keys it had not saved, as 'animate:' would read them")
    func signalReportsUnsavedKeys() throws {
        let window = try openWindow()
        try window.pressAndWait("space")
        try window.pressAndWait("t")
        #expect(eventually { Self.area(window, "timeline-lane") != nil }, "no lane: \(window.app.error)")
        let ruler = try #require(Self.area(window, "timeline-ruler"))
        let lane = try #require(Self.area(window, "timeline-lane"))
        try drag(window, from: (ruler.x(of: 1), Int(ruler.y + ruler.height / 2)), to: (ruler.x(of: 3), Int(ruler.y + ruler.height / 2)))
        try window.pointer(["mousemove", "\(lane.x(of: 1))", "\(Int(lane.y + lane.height / 2))", "sleep", "0.3"])
        try window.pressAndWait("k")
        #expect(eventually { window.trace.events.contains { $0.name == "keys-changed" } })
        kill(window.app.processIdentifier, SIGTERM)
        #expect(window.app.waitForExit(timeout: 10), "SIGTERM did not end the window")
        let times = window.trace.events.last { $0.name == "keys-changed" }?.fields["times"] as? [Double] ?? []
        // The added key's time as the shortest text that reads back as it: `3`, `3.012`.
        let added = times.count == 3 ? (times[1] == times[1].rounded() ? "\(Int(times[1]))" : "\(Float(times[1]))") : "?"
        #expect(window.app.error.contains("warning: the keys of 1 parameter were not saved; under 'animate:' they read "
                                          + "look.level: [[0, 0], [\(added), 0.25], [4, 1]] [SB6201]\n"), "stderr: \(window.app.error)")
    }

    /// The samples a take got, as traced, each parameter's last at each time (the rule the take keeps), and
    /// the keys the take left on `parameter`.
    static func take(_ window: LiveWindow, _ parameter: String) -> (samples: [(Double, Double)], keys: [(Double, Double)]) {
        var samples: [(Double, Double)] = []
        for event in window.trace.events where event.name == "take-sample" && event.fields["parameter"] as? String == parameter {
            guard let seconds = event.fields["seconds"] as? Double, let value = (event.fields["value"] as? [Double])?.first else { continue }
            if let last = samples.last, last.0 == seconds { samples.removeLast() }
            samples.append((seconds, value))
        }
        let changed = window.trace.events.last { $0.name == "keys-changed" && $0.fields["parameter"] as? String == parameter }
        let times = changed?.fields["times"] as? [Double] ?? [], values = changed?.fields["values"] as? [Double] ?? []
        return (samples, Array(zip(times, values)))
    }

    /// The largest distance of any sample from the straight segments through `keys`, at the sample's time.
    static func largestError(of keys: [(Double, Double)], against samples: [(Double, Double)]) -> Double {
        samples.map { (time: Double, value: Double) -> Double in
            guard let after = keys.firstIndex(where: { $0.0 >= time }) else { return abs(value - (keys.last?.1 ?? 0)) }
            guard after > 0 else { return abs(value - keys[0].1) }
            let start: (Double, Double) = keys[after - 1], end: (Double, Double) = keys[after]
            let fraction: Double = (time - start.0) / (end.0 - start.0)
            let line: Double = start.1 + (end.1 - start.1) * fraction
            return abs(value - line)
        }.max() ?? .infinity
    }

    @Test("a slider dragged while recording becomes fewer keys than its changes, all within 0.5 % of the range")
    func recordsSlider() throws {
        let window = try openWindow(composition: Self.composition.replacingOccurrences(of: "animate:\n  look.level:\n    - [0, 0]      # dark\n    - [4, 1]      # light\n", with: ""))
        try window.pressAndWait("p")
        #expect(eventually { window.trace.control("look", "level") != nil }, "the panel did not open")
        let slider = try #require(window.control("look", "level"))
        try window.pressAndWait("ctrl+r")
        #expect(eventually { window.count(of: "take-started") == 1 }, "stderr: \(window.app.error)")
        let y = Int(slider.y + slider.height / 2)
        var commands = ["mousemove", "\(Int(slider.x + slider.width / 8))", "\(y)", "sleep", "0.2", "mousedown", "1"]
        for step in 1...30 {
            commands += ["sleep", "0.05", "mousemove", "\(Int(slider.x + slider.width / 8 + Double(step) * slider.width / 40))", "\(y)"]
        }
        // Ctrl-R right on the release, in one batch of events: the key waits for the frame that lets the slider go.
        try window.pointer(commands + ["sleep", "0.2", "mouseup", "1", "key", "ctrl+r"])
        #expect(eventually { window.count(of: "take-finished") == 1 }, "stderr: \(window.app.error)")
        #expect(eventually { !Self.take(window, "look.level").keys.isEmpty }, "no keys: \(window.app.error)")
        let (samples, keys) = Self.take(window, "look.level")
        #expect(samples.count > 10, "samples: \(samples)")
        #expect(keys.count < samples.count, "keys: \(keys), samples: \(samples.count)")
        #expect(Self.largestError(of: keys, against: samples) <= 0.005 + 1e-6, "keys: \(keys), samples: \(samples)")
        #expect(keys.first?.0 == samples.first?.0 && keys.last?.0 == samples.last?.0)
        // One take, one step: a single undo takes every key away again.
        try window.pressAndWait("ctrl+z")
        #expect(eventually { window.trace.events.last { $0.name == "keys-changed" }?.fields["times"] as? [Double] == [] })
    }

    @Test("an OSC ramp sent while recording becomes fewer keys than its messages, all within 0.5 % of the range")
    func recordsOSC() throws {
        let port = try OSCReceiver(port: 0) { _ in }.port
        let window = try openWindow(arguments: ["--osc", "\(port)"])
        #expect(eventually { window.app.error.contains("listening for OSC") }, "stderr: \(window.app.error)")
        try window.pressAndWait("ctrl+r")
        #expect(eventually { window.count(of: "take-started") == 1 }, "stderr: \(window.app.error)")
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        // A ramp from 0.2 to 0.8 in 60 messages, a hold at 0.8 for 20 more, and a jump to 0.05.
        let sent = (0..<60).map { 0.2 + 0.6 * Double($0) / 59 } + [Double](repeating: 0.8, count: 20) + [0.05]
        for value in sent {
            try sender.send("/look/level", [Float(value)])
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(eventually { window.trace.events.filter { $0.name == "take-sample" }.count >= 61 }, "stderr: \(window.app.error)")
        // While the take records, the image shows what was sent, not the keys it records over: the keys move a
        // quarter of the range a second, so two looks half a second apart cannot both find them at 0.05.
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.05))]), "the take plays the gesture")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, Self.grey(0.05))], timeout: 0.1), "the take plays the gesture")
        try window.pressAndWait("ctrl+r")
        #expect(eventually { window.count(of: "take-finished") == 1 }, "stderr: \(window.app.error)")
        #expect(eventually { window.trace.events.contains { $0.name == "keys-changed" } })
        let (samples, keys) = Self.take(window, "look.level")
        // Every value taken is one that was sent (repeats of 0.8 change nothing, so they are not taken).
        #expect(samples.allSatisfy { sample in sent.contains { abs($0 - sample.1) < 1e-6 } }, "samples: \(samples)")
        #expect(keys.count < samples.count && keys.count < sent.count, "keys: \(keys), samples: \(samples.count)")
        #expect(Self.largestError(of: keys, against: samples) <= 0.005 + 1e-6, "keys: \(keys), samples: \(samples)")
        // The take replaced the keys of its span only: the composition's key at 0 s is before it and stays.
        #expect(keys.first.map { $0.0 == 0 && $0.1 == 0 } ?? false, "keys: \(keys)")
    }
}

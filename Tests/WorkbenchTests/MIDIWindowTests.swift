import Foundation
import OSC
import TestSupport
import Testing

/// MIDI playing the real window under Xvfb. Where the kernel's sequencer is missing (here, and in most
/// containers), MIDI bytes go to the window as OSC `m` arguments (`/shaderbench/midi`) over loopback UDP, and
/// from there through libasound's encoder into the sequencer's event structures, read as the sequencer's own
/// events are: everything after the sequencer's thread is what a controller plugged in would drive.
@Suite("MIDI control of the window", .serialized)
struct MIDIWindowTests {
    static let hasSequencer = FileManager.default.fileExists(atPath: "/dev/snd/seq")

    /// The grey of `level` (0 to 1) as the centre shows it.
    static let shader = """
        precision mediump float;
        uniform float level;    // range: 0...1
        uniform bool dark;
        void main() { gl_FragColor = vec4(vec3(dark ? 0.0 : level), 1.0); }
        """

    static let composition = """
        composition: 1
        size: [320, 180]
        nodes:
          look: { kind: shader, file: look.fsh, uniforms: { level: 1.0 } }
        output: look
        publish: [look.level, look.dark]
        controls:
          look.level: { cc: 21 }
          look.dark: { note: 36, channel: 10 }
        """

    static let image = (x: 300, y: 360)

    func openWindow(port: Int, composition: String = Self.composition) throws -> LiveWindow {
        try LiveWindow(composition: composition, arguments: ["--osc", "\(port)"]) { folder in
            try folder.write("compositions/look.fsh", Self.shader)
        }
    }

    /// Sends MIDI bytes as one OSC `m` argument per message.
    func send(_ messages: [[UInt8]], to port: Int) throws {
        try OSCSender(host: "127.0.0.1", port: port).send("/shaderbench/midi", arguments: messages.map { .midi([0] + $0) })
    }

    func grey(_ level: Int) -> (r: UInt8, g: UInt8, b: UInt8) { (UInt8(level), UInt8(level), UInt8(level)) }

    @Test("controls: a knob plays a float across its range, a pad on channel 10 holds a bool, other channels do nothing")
    func controlsPlayParameters() throws {
        let port = try OSCReceiver(port: 0) { _ in }.port
        let window = try openWindow(port: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(255))]), "stderr: \(window.app.error)")
        try send([[0xB0, 21, 0]], to: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(0))]), "CC 21 at 0: level 0")
        try send([[0xB0, 21, 64]], to: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(Int((64.0 / 127 * 255).rounded())))]), "CC 21 at 64")
        // Note 36 on channel 1 is not the pad's channel; on channel 10 (0x99) it holds `dark` while pressed.
        try send([[0x90, 36, 100]], to: port)
        try send([[0x99, 36, 100]], to: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(0))]), "the pad pressed")
        #expect(window.trace.events.filter { $0.name == "parameter-changed" && $0.fields["uniform"] as? String == "dark" }.count == 1,
                "only channel 10's note played the pad")
        try send([[0x89, 36, 0]], to: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(Int((64.0 / 127 * 255).rounded())))]), "the pad released")
        if Self.hasSequencer {
            #expect(window.app.error.contains("MIDI: the sequencer port"), "the sequencer is here: \(window.app.error)")
        } else {
            #expect(eventually { window.app.error.contains("warning: MIDI: cannot open the ALSA sequencer") && window.app.error.contains("modprobe snd-seq`) [SB4007]") },
                    "no /dev/snd/seq here, so the window says so and runs on: \(window.app.error)")
        }
        #expect(window.app.isRunning)
    }

    @Test("learn: the button maps the next controller moved, which then plays it in place of CC 21, and Ctrl-S writes the mapping over the old one")
    func learnsAndSaves() throws {
        let port = try OSCReceiver(port: 0) { _ in }.port
        let window = try openWindow(port: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(255))]), "stderr: \(window.app.error)")
        try window.pressAndWait("p")
        #expect(eventually { window.trace.control("look", "level", part: "learn") != nil }, "the panel shows a learn button")
        let learn = try #require(window.control("look", "level", part: "learn"))
        try window.pointer(["mousemove", "\(Int(learn.x + learn.width / 2))", "\(Int(learn.y + learn.height / 2))", "sleep", "0.2", "click", "1"])
        #expect(eventually { window.count(of: "midi-learn") > 0 }, "the learn button waits")
        // The fader moved while it waits is learned, not played; from then on it plays the level.
        try send([[0xB2, 7, 10]], to: port)
        #expect(eventually { window.count(of: "control-learned") == 1 })
        try send([[0xB2, 7, 0]], to: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(0))]), "the learned fader plays the level")
        try send([[0xB2, 7, 127]], to: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(255))]), "back to the composition's value: only the mapping is unsaved")
        try window.pressAndWait("ctrl+s")
        #expect(eventually { window.app.output.contains("saved the control of look.level to") }, "stdout: \(window.app.output)")
        let saved = try String(contentsOfFile: window.compositionPath, encoding: .utf8)
        #expect(saved == Self.composition.replacingOccurrences(of: "look.level: { cc: 21 }", with: "look.level: { cc: 7, channel: 3 }"),
                "the learned fader in place of CC 21, and not a byte else")
        try send([[0xB0, 21, 0]], to: port)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(255))]), "CC 21 no longer plays the level")
    }

    @Test("MIDI that is not MIDI is warned about once, and the window runs on")
    func badMIDI() throws {
        let port = try OSCReceiver(port: 0) { _ in }.port
        let window = try openWindow(port: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(255))]))
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        try sender.send("/shaderbench/midi", arguments: [.string("knob")])
        try sender.send("/shaderbench/midi", arguments: [.string("knob")])
        try send([[0xB0, 21, 0]], to: port)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(0))]), "good MIDI after bad still plays")
        let warnings = window.app.error.components(separatedBy: "warning: OSC /shaderbench/midi: takes MIDI").count - 1
        #expect(warnings == 1, "\(window.app.error)")
    }
}

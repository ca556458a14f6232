import Foundation
import MIDI
import ShaderGraph
import ShaderLanguage
import Testing
import TestSupport
@testable import Workbench

/// How MIDI events play a composition's `controls:`: 7- and 14-bit controllers, notes, velocities, the wheel,
/// channels, values a sender should not send, and what a learn button makes of the next event. The events go
/// in through `/shaderbench/midi`'s way (MIDI bytes through libasound's encoder), as a controller's would.
@Suite("MIDI events against controls")
struct MIDIMappingTests {
    static let shader = """
        /*{ "INPUTS": [ { "NAME": "fire", "TYPE": "event" }, { "NAME": "amount", "TYPE": "float", "MIN": -1.0, "MAX": 1.0 },
                        { "NAME": "lit", "TYPE": "bool" }, { "NAME": "tint", "TYPE": "color" } ] }*/
        void main() { gl_FragColor = fire || lit ? tint * amount : vec4(0.0); }
        """

    let composition: Composition
    let parameters: [TunableParameter]

    init() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("flash.fs", Self.shader)
        let path = try folder.write("flash.yaml", """
            nodes:
              flash: { kind: shader, file: flash.fs }
            publish: [flash.fire, flash.amount, flash.lit, flash.tint]
            controls:
              flash.amount: { cc: 1, bits: 14 }
              flash.fire: { note: 36 }
              flash.lit: { note: 37, channel: 2 }
              flash.tint[1]: { velocity: 38 }
              flash.tint[2]: { bend: true }
            """)
        composition = try CompositionLoader.load(path: path)
        parameters = TunableParameter.all(in: composition, renderSize: PixelSize(width: 8, height: 8))
    }

    func actions(_ bytes: [[UInt8]], control: MIDIControl = MIDIControl(), current: [Float] = [1, 1, 1, 1]) -> [MIDIControl.Action] {
        _ = control.receive(bytes.map { .midi([0] + $0) })
        return control.takeActions(controls: composition.controls, parameters: parameters) { $0.count == 4 ? current : [0] }
    }

    func values(_ actions: [MIDIControl.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .set(let parameter, let value): "\(parameter.reference) = \(value.map { String(format: "%.4f", $0) }.joined(separator: " "))"
            case .pulse(let parameter): "\(parameter.reference) pulsed"
            case .learned(let mapping): "learned \(mapping.key): \(mapping.text())"
            }
        }
    }

    @Test("a 14-bit pair: the MSB alone is coarse, the LSB refines it; a sender's own 14-bit value is taken whole")
    func fourteenBits() {
        let control = MIDIControl()
        #expect(values(actions([[0xB0, 1, 64]], control: control)) == ["flash.amount = 0.0001"], "MSB 64 of 128 is just past the middle of -1…1")
        #expect(values(actions([[0xB0, 33, 127]], control: control)) == ["flash.amount = 0.0156"])
        #expect(values(actions([[0xB0, 1, 127], [0xB0, 33, 127]], control: control)) == ["flash.amount = 0.9845", "flash.amount = 1.0000"])
        #expect(values(actions([[0xB0, 33, 0]], control: MIDIControl())) == ["flash.amount = -1.0000"], "an LSB before any MSB")
        control.receive(.control(channel: 0, controller: 1, value: 16383 / 4, fine: true))
        #expect(values(actions([], control: control)) == ["flash.amount = -0.5001"])
    }

    @Test("notes pulse events and hold bools on their channel; velocity and the wheel play one number of a colour")
    func notesAndWheel() {
        #expect(values(actions([[0x90, 36, 100], [0x80, 36, 0]])) == ["flash.fire pulsed"], "an event fires on the press only")
        #expect(values(actions([[0x90, 37, 100]])).isEmpty, "channel 1 is not the bool's channel 2")
        #expect(values(actions([[0x91, 37, 100], [0x91, 37, 0]])) == ["flash.lit = 1.0000", "flash.lit = 0.0000"])
        #expect(values(actions([[0x90, 38, 127]])) == ["flash.tint = 1.0000 1.0000 1.0000 1.0000"])
        #expect(values(actions([[0x90, 38, 0]])).isEmpty, "a release sets no velocity")
        #expect(values(actions([[0xE0, 0x00, 0x00], [0xE5, 0x00, 0x40]])) == ["flash.tint = 1.0000 1.0000 0.0000 1.0000",
                                                                               "flash.tint = 1.0000 1.0000 0.5000 1.0000"])
    }

    @Test("a value outside 0 to 127 from the sequencer is taken as the nearest end")
    func outOfRange() throws {
        let control = MIDIControl()
        var mapping = try #require(composition.controls.first)
        mapping.source = .controller(5, fine: false)
        let lit = try #require(parameters.first { $0.reference.uniform == "amount" })
        // Through the sequencer, a program may send any int; bytes cannot carry one, so it is fed as the event.
        let events: [MIDIEvent] = [.control(channel: 0, controller: 5, value: 300, fine: false), .control(channel: 0, controller: 5, value: -4, fine: false)]
        let actions = events.flatMap { event in
            control.receive(event)
            return control.takeActions(controls: [mapping], parameters: [lit]) { _ in [0] }
        }
        #expect(values(actions) == ["flash.amount = 1.0000", "flash.amount = -1.0000"])
    }

    @Test("learn maps a controller as itself, a note as its key for a bool or event and as its velocity for a number")
    func learns() throws {
        func learned(_ uniform: String, _ bytes: [UInt8]) throws -> [String] {
            let control = MIDIControl()
            let parameter = try #require(parameters.first { $0.reference.uniform == uniform })
            control.learning = parameter
            let result = values(actions([bytes], control: control))
            #expect(control.learning == nil || result.isEmpty)
            return result
        }
        #expect(try learned("amount", [0xB3, 20, 5]) == ["learned flash.amount: { cc: 20, channel: 4 }"])
        #expect(try learned("amount", [0x90, 60, 5]) == ["learned flash.amount: { velocity: 60, channel: 1 }"])
        #expect(try learned("fire", [0x90, 60, 5]) == ["learned flash.fire: { note: 60, channel: 1 }"])
        #expect(try learned("lit", [0xEF, 0, 64]) == ["learned flash.lit: { bend: true, channel: 16 }"])
        #expect(try learned("lit", [0x80, 60, 0]).isEmpty, "a release teaches nothing")
    }
}

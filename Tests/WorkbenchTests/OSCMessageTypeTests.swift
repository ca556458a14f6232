import Foundation
import OSC
import ShaderGraph
import ShaderLanguage
import Testing
import TestSupport
@testable import Workbench

/// How an OSC message's arguments become a published parameter's numbers, by the parameter's type.
@Suite("OSC arguments against parameter types")
struct OSCMessageTypeTests {
    static let shader = """
        precision mediump float;
        uniform float amount;
        uniform int steps;
        uniform bool enabled;
        uniform vec2 centre;
        uniform vec4 tintColour;
        void main() { gl_FragColor = enabled ? tintColour * amount * float(steps) + vec4(centre, 0.0, 0.0) : vec4(0.0); }
        """

    let parameters: [TunableParameter]

    init() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("typed.fsh", Self.shader)
        let path = try folder.write("typed.yaml", """
            nodes:
              look: { kind: shader, file: typed.fsh, uniforms: { amount: 0.5, steps: 2, enabled: true, centre: [0.5, 0.5], tintColour: [1, 0, 0, 1] } }
            publish: [look.amount, look.steps, look.enabled, look.centre, look.tintColour]
            """)
        parameters = TunableParameter.all(in: try CompositionLoader.load(path: path), renderSize: PixelSize(width: 64, height: 64))
    }

    func numbers(_ address: String, _ arguments: [OSCMessage.Argument]) -> [Float]? {
        guard case .success(.set(_, let values)) = OSCControl.command(for: OSCMessage(address: address, arguments: arguments),
                                                                      parameters: parameters, imageNodes: ["look"]) else { return nil }
        return values
    }

    @Test("a float takes a float, a double or an integer")
    func float() {
        #expect(numbers("/look/amount", [.float(0.25)]) == [0.25])
        #expect(numbers("/look/amount", [.integer(1)]) == [1])
        #expect(numbers("/look/amount", [.string("x")]) == nil)
        #expect(numbers("/look/amount", [.float(1), .float(2)]) == nil)
    }

    @Test("an int takes whole numbers only")
    func integer() {
        #expect(numbers("/look/steps", [.integer(4)]) == [4])
        #expect(numbers("/look/steps", [.float(3)]) == [3])
        #expect(numbers("/look/steps", [.float(2.5)]) == nil)
    }

    @Test("a bool takes true and false, or 0 and 1")
    func boolean() {
        #expect(numbers("/look/enabled", [.boolean(false)]) == [0])
        #expect(numbers("/look/enabled", [.integer(1)]) == [1])
        #expect(numbers("/look/enabled", [.integer(2)]) == nil)
        #expect(numbers("/look/enabled", [.float(1)]) == nil)
    }

    @Test("a vec2 takes two numbers; a colour vec4 takes four, or three with alpha 1")
    func vectors() {
        #expect(numbers("/look/centre", [.float(0.1), .float(0.9)]) == [0.1, 0.9])
        #expect(numbers("/look/centre", [.float(0.1)]) == nil)
        #expect(numbers("/look/tintColour", [.float(0), .float(1), .float(0), .float(0.5)]) == [0, 1, 0, 0.5])
        #expect(numbers("/look/tintColour", [.float(0), .float(1), .float(0)]) == [0, 1, 0, 1])
    }

    @Test("the window's own commands, and addresses it does not know")
    func commands() {
        func command(_ address: String, _ arguments: [OSCMessage.Argument] = []) -> OSCControl.Command? {
            try? OSCControl.command(for: OSCMessage(address: address, arguments: arguments), parameters: parameters, imageNodes: ["look"]).get()
        }
        #expect(command("/shaderbench/reload") == .reload)
        #expect(command("/shaderbench/pause") == .pause)
        #expect(command("/shaderbench/play") == .play)
        #expect(command("/shaderbench/show", [.string("look")]) == .show("look"))
        #expect(command("/shaderbench/show", [.string("nowhere")]) == nil)
        #expect(command("/shaderbench/stop") == nil)
        #expect(command("/look") == nil)
        #expect(command("/look/amount/more", [.float(1)]) == nil)
    }
}

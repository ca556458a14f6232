import Testing
@testable import ShaderGraph
import ShaderLanguage

/// A composition's `controls:`: read, checked against what is published, played as a fraction of each
/// parameter's range, and written back as a learned mapping is.
@Suite("MIDI controls in a composition")
struct ControlMappingTests {
    static let shader = """
        precision mediump float;
        uniform float amount; // range: 0...4
        uniform int steps; // range: 1...9
        uniform bool invert;
        uniform vec3 tint;
        uniform float wired;
        void main() { gl_FragColor = vec4(tint * amount, 1.0); }
        """

    static func composition(_ controls: String, midi: String = "") -> String {
        """
        composition: 1
        size: [8, 8]
        nodes:
          grade: { kind: shader, file: grade.fsh, uniforms: { tint: [1, 0.5, 0], wired: level } }
          level: { kind: lfo }
        output: grade
        publish: [grade.amount, grade.steps, grade.invert, grade.tint, grade.wired]
        \(midi)
        controls:
        \(controls)
        """
    }

    @Test("every source kind is read, with channels, 14-bit pairs and one number of a vector")
    func readsControls() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let composition = try workspace.load(Self.composition("""
              grade.amount: { cc: 1, bits: 14, channel: 2 }
              grade.steps: { velocity: 60 }
              grade.invert: { note: 36, channel: 10 }
              grade.tint[2]: { bend: true }
            """, midi: "midi: 'nanoKONTROL2:0'"))
        #expect(composition.controls.map(\.key) == ["grade.amount", "grade.steps", "grade.invert", "grade.tint[2]"])
        #expect(composition.controls.map(\.source) == [.controller(1, fine: true), .velocity(60), .note(36), .pitchBend])
        #expect(composition.controls.map(\.channel) == [2, nil, 10, nil])
        #expect(composition.controls.map { $0.text() } == ["{ cc: 1, bits: 14, channel: 2 }", "{ velocity: 60 }",
                                                          "{ note: 36, channel: 10 }", "{ bend: true }"])
        #expect(composition.midiSource?.source == "nanoKONTROL2:0")
    }

    @Test("a control that cannot play its parameter is an error at its key or value, with its code")
    func reportsBadControls() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let problems = try workspace.diagnostics(Self.composition("""
              grade.amount: { cc: 128 }
              grade.steps: { cc: 40, bits: 14 }
              grade.invert: { note: 36, cc: 2 }
              grade.tint: { cc: 3 }
              grade.tint[3]: { cc: 4 }
              grade.wired: { cc: 5 }
              grade.nothing: { cc: 6 }
              grade: { cc: 7 }
              grade.amount[0]: { note: 1, bits: 14 }
              grade.steps[0]: { velocity: 1, channel: 17 }
            """))
        #expect(problems.coded.sorted() == ["10:23 SB4003", "11:22 SB4003", "12:17 SB4002", "13:3 SB4006", "14:3 SB4006", "15:3 SB4005",
                                   "16:3 SB4004", "17:3 SB4001", "18:37 SB4002", "19:43 SB4003"], "\(problems.map(\.description))")
        #expect(problems.first { $0.code == .controlNotPublished }?.description.hasSuffix("(published: grade.amount, grade.steps, grade.invert, grade.tint, grade.wired) [SB4004]") == true)
    }

    @Test("a control of a node that did not load says nothing more than the node's own error")
    func noCascade() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let broken = Self.composition("  grade.amount: { cc: 1 }").replacingOccurrences(of: "kind: shader, file: grade.fsh", with: "kind: shadr, file: grade.fsh")
        #expect(try workspace.diagnostics(broken).compactMap(\.code) == [.unknownNodeKind])
    }

    @Test("a controller's fraction plays the parameter across its range, by its control")
    func playsAcrossRange() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let composition = try workspace.load(Self.composition("  grade.amount: { cc: 1 }"))
        let parameters = TunableParameter.all(in: composition, renderSize: PixelSize(width: 8, height: 8))
        func named(_ name: String) throws -> TunableParameter { try #require(parameters.first { $0.reference.uniform == name }) }
        #expect(try named("amount").value(at: 0.25, component: nil, from: [0]) == [1])
        #expect(try named("amount").value(at: 2, component: nil, from: [0]) == [4], "past the end is the end")
        #expect(try named("steps").value(at: 0.5, component: nil, from: [1]) == [5])
        #expect(try named("invert").value(at: 0.49, component: nil, from: [1]) == [0])
        #expect(try named("invert").value(at: 0.5, component: nil, from: [0]) == [1])
        #expect(try named("tint").value(at: 0.75, component: 1, from: [1, 0.5, 0]) == [1, 0.75, 0], "one number, the others kept")
    }

    static let learned = [
        ControlMapping(parameter: ParameterReference(node: "grade", uniform: "amount", location: SourceLocation(file: "c.yaml", line: 1, column: 1)),
                       source: .controller(21, fine: false), channel: 1),
        ControlMapping(parameter: ParameterReference(node: "grade", uniform: "invert", location: SourceLocation(file: "c.yaml", line: 1, column: 1)),
                       source: .note(36)),
    ]

    @Test("learned controls are written into the file's text and nothing else changes")
    func writesBack() throws {
        let plain = "composition: 1 # comment\nnodes:\n  grade: { kind: shader, file: grade.fsh }\noutput: grade\n"
        #expect(try ControlWriteBack.write(Self.learned, into: SourceText(path: "c.yaml", text: plain))
                == plain + "controls:\n  grade.amount: { cc: 21, channel: 1 }\n  grade.invert: { note: 36 }\n")
        let existing = "nodes:\n  grade: { kind: shader, file: grade.fsh }\ncontrols:\n  grade.amount: { cc: 7 }  # the fader\n  grade.x: { note: 1 }\n"
        #expect(try ControlWriteBack.write(Self.learned, into: SourceText(path: "c.yaml", text: existing))
                == "nodes:\n  grade: { kind: shader, file: grade.fsh }\ncontrols:\n  grade.amount: { cc: 21, channel: 1 }  # the fader\n"
                + "  grade.x: { note: 1 }\n  grade.invert: { note: 36 }\n")
        let flow = "nodes:\n  grade: { kind: shader, file: grade.fsh }\ncontrols: { grade.x: { note: 1 } }\n"
        #expect(try ControlWriteBack.write(Self.learned, into: SourceText(path: "c.yaml", text: flow))
                == "nodes:\n  grade: { kind: shader, file: grade.fsh }\ncontrols: { grade.x: { note: 1 }, grade.amount: { cc: 21, channel: 1 }, grade.invert: { note: 36 } }\n")
        let json = "{\n  \"nodes\": { \"grade\": { \"kind\": \"shader\", \"file\": \"grade.fsh\" } }\n}\n"
        let written = try ControlWriteBack.write(Self.learned, into: SourceText(path: "c.json", text: json))
        #expect(written == "{\n  \"nodes\": { \"grade\": { \"kind\": \"shader\", \"file\": \"grade.fsh\" } }, "
                + "\"controls\": { \"grade.amount\": { \"cc\": 21, \"channel\": 1 }, \"grade.invert\": { \"note\": 36 } }\n}\n")
    }

    @Test("a control written as a block is not overwritten: the save says where and why")
    func refusesBlockEntry() throws {
        let block = "nodes:\n  grade: { kind: shader, file: grade.fsh }\ncontrols:\n  grade.amount:\n    cc: 7\n"
        #expect(throws: Diagnostic.self) { try ControlWriteBack.write(Self.learned, into: SourceText(path: "c.yaml", text: block)) }
        do {
            _ = try ControlWriteBack.write(Self.learned, into: SourceText(path: "c.yaml", text: block))
        } catch {
            #expect(error.location?.line == 5)
            #expect(error.code == .notSaved)
            #expect(error.message.contains("not written as { … } on one line"))
        }
    }
}

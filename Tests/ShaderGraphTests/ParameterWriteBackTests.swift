import Testing
@testable import ShaderGraph
import ShaderLanguage

/// Tuned values written back into a composition's text: only those values' text changes, and the file
/// loads with them.
@Suite("Writing tuned values back into a composition")
struct ParameterWriteBackTests {
    static let shader = """
        precision mediump float;
        uniform float amount;   // default: 0.5
        uniform vec3 tint;      // default: [1, 1, 1]
        uniform bool flip;
        uniform int steps;      // default: 2
        void main() { gl_FragColor = vec4(tint * amount, flip ? 1.0 : float(steps)); }
        """

    /// Writes `values` into `yaml`, checks the result loads with them, and returns it.
    func written(_ yaml: String, _ values: [ParameterWriteBack.Value], file: String = "c.yaml") throws -> String {
        let workspace = try Workspace()
        try workspace.write("s.fsh", Self.shader)
        let path = try workspace.write(file, yaml)
        let text = try ParameterWriteBack.write(values, into: SourceText(path: path, text: yaml))
        try workspace.write(file, text)
        let composition = try CompositionLoader.load(path: path)
        for value in values {
            guard case .shader(let pass)? = composition.node(named: value.node)?.kind,
                  case .literal(let numbers, _)? = pass.uniforms[value.uniform] else {
                Issue.record("\(value.node).\(value.uniform) is not set in:\n\(text)")
                continue
            }
            #expect(numbers == value.numbers, "\(value.node).\(value.uniform) in:\n\(text)")
        }
        return text
    }

    func value(_ uniform: String, _ type: GLSLType, _ numbers: [Float]) -> ParameterWriteBack.Value {
        ParameterWriteBack.Value(node: "grade", uniform: uniform, type: type, numbers: numbers)
    }

    @Test("numbers already written are replaced in place, comments, order and spacing kept")
    func inPlace() throws {
        let yaml = """
            composition: 1   # version
            nodes:
              grade:
                kind: shader
                # the look
                file: s.fsh
                uniforms:
                  tint: [ 0.9,  0.1 , 0.1 ]   # reddish
                  amount: 0.30
                  flip: yes
            """
        let text = try written(yaml, [value("amount", .float, [0.75]), value("tint", .vec3, [0.25, 1, 0.125]),
                                      value("flip", .bool, [0])])
        #expect(text == yaml.replacingOccurrences(of: "0.30", with: "0.75")
            .replacingOccurrences(of: "[ 0.9,  0.1 , 0.1 ]", with: "[ 0.25,  1 , 0.125 ]")
            .replacingOccurrences(of: "yes", with: "false"))
    }

    @Test("a value in a block list, one number a line, is rewritten number by number")
    func blockList() throws {
        let yaml = """
            nodes:
              grade:
                kind: shader
                file: s.fsh
                uniforms:
                  tint:
                    - 1
                    - 0.5   # green
                    - 0
            """
        let text = try written(yaml, [value("tint", .vec3, [0.5, 0.25, 2])])
        #expect(text == yaml.replacingOccurrences(of: "- 1\n        - 0.5   # green\n        - 0", with: "- 0.5\n        - 0.25   # green\n        - 2"))
    }

    @Test("an int is written as a whole number and a bool as true or false")
    func integersAndBools() throws {
        let yaml = "nodes:\n  grade: { kind: shader, file: s.fsh, uniforms: { steps: 2, flip: false } }\n"
        let text = try written(yaml, [value("steps", .int, [7]), value("flip", .bool, [1])])
        #expect(text == "nodes:\n  grade: { kind: shader, file: s.fsh, uniforms: { steps: 7, flip: true } }\n")
    }

    @Test("a parameter the flow uniforms mapping lacks is added before its closing brace")
    func addedToFlowUniforms() throws {
        let yaml = "nodes:\n  grade: { kind: shader, file: s.fsh, uniforms: { amount: 0.4 } }   # graded\noutput: grade\n"
        let text = try written(yaml, [value("flip", .bool, [1]), value("tint", .vec3, [0.5, 0.5, 1])])
        #expect(text == "nodes:\n  grade: { kind: shader, file: s.fsh, uniforms: { amount: 0.4, flip: true, tint: [0.5, 0.5, 1] } }   # graded\noutput: grade\n")
    }

    @Test("a flow node without uniforms gains a uniforms mapping before its closing brace")
    func addedToFlowNode() throws {
        let yaml = "nodes:\n  grade: { kind: shader, file: s.fsh }\n"
        let text = try written(yaml, [value("amount", .float, [0.25])])
        #expect(text == "nodes:\n  grade: { kind: shader, file: s.fsh, uniforms: { amount: 0.25 } }\n")
    }

    @Test("a block uniforms mapping gains a line after its last entry, indented as its keys are")
    func addedToBlockUniforms() throws {
        let yaml = """
            nodes:
              grade:
                kind: shader
                file: s.fsh
                uniforms:
                  amount: 0.4
            output: grade
            """
        let text = try written(yaml, [value("steps", .int, [5])])
        #expect(text == yaml.replacingOccurrences(of: "      amount: 0.4\n", with: "      amount: 0.4\n      steps: 5\n"))
    }

    @Test("a block node without uniforms gains them on a line after its last key")
    func addedToBlockNode() throws {
        let yaml = """
            nodes:
              grade:
                kind: shader
                file: s.fsh   # the grade
              other: { kind: shader, file: s.fsh }
            """
        let text = try written(yaml, [value("amount", .float, [1.5])])
        #expect(text == yaml.replacingOccurrences(of: "file: s.fsh   # the grade\n", with: "file: s.fsh   # the grade\n    uniforms: { amount: 1.5 }\n"))
    }

    @Test("a JSON composition stays JSON: added keys are quoted")
    func json() throws {
        let json = "{\"nodes\": {\"grade\": {\"kind\": \"shader\", \"file\": \"s.fsh\", \"uniforms\": {\"amount\": 0.1}}}}\n"
        let text = try written(json, [value("amount", .float, [0.2]), value("steps", .int, [4])], file: "c.json")
        #expect(text == "{\"nodes\": {\"grade\": {\"kind\": \"shader\", \"file\": \"s.fsh\", \"uniforms\": {\"amount\": 0.2, \"steps\": 4}}}}\n")
    }

    @Test("a value a wire sets is not overwritten: the save is refused at the wire")
    func wiredRefused() throws {
        let yaml = "nodes:\n  clock: { kind: time }\n  grade: { kind: shader, file: s.fsh, uniforms: { amount: clock } }\n"
        let refusal = #expect(throws: Diagnostic.self) {
            try ParameterWriteBack.write([value("amount", .float, [0.5])], into: SourceText(path: "c.yaml", text: yaml))
        }
        #expect(refusal?.code == .notSaved && refusal?.location?.column == 59)
    }

    @Test("numbers are written as the shortest text that reads back the same")
    func numberText() {
        #expect(ParameterWriteBack.text(of: 0.3, type: .float) == "0.3")
        #expect(ParameterWriteBack.text(of: 2, type: .float) == "2")
        #expect(ParameterWriteBack.text(of: -0.125, type: .float) == "-0.125")
        #expect(ParameterWriteBack.text(of: 2.6, type: .int) == "3")
        #expect(ParameterWriteBack.text(of: 0, type: .bool) == "false")
        #expect(Float(ParameterWriteBack.text(of: 0.37254903, type: .float)) == 0.37254903)
    }

    @Test("a value with NaN or an infinity is refused whole: the text is not touched and the error names it")
    func nonFinite() throws {
        let yaml = """
            composition: 1
            nodes:
              grade: { kind: shader, file: s.fsh, uniforms: { amount: 0.5, tint: [1, 1, 1] } }
            """
        for numbers: (Float, [Float]) in [(.nan, [1, 1, 1]), (0.25, [.infinity, 0.5, 0.25]), (0.25, [1, -.infinity, 1])] {
            #expect(throws: Diagnostic.self) {
                _ = try ParameterWriteBack.write([value("amount", .float, [numbers.0]), value("tint", .vec3, numbers.1)],
                                                 into: SourceText(path: "c.yaml", text: yaml))
            }
        }
    }
}


import Foundation
@testable import ShaderGraph
import ShaderLanguage
import Testing

/// Graph edits as text edits: each expected text is the original with only the intended bytes changed,
/// written out here, so a test fails when an edit touches anything else.
@Suite("Editing the graph in the composition's text")
struct GraphEditTests {
    static let original = """
        # A small grade
        composition: 1
        nodes:
          photo: { kind: pattern }   # the source
          tone:
            kind: shader
            file: a.fsh
            inputs: { inputImageTexture: photo }
          grade: { kind: shader, file: b.fsh, inputs: { inputImageTexture: tone, second: photo }, uniforms: { amount: level } }
          level: { kind: constant, value: 0.5 }
        publish: [tone.warmth]
        output: grade   # what the window shows

        """

    /// The composition and its two shaders written to a workspace; the path of the composition.
    func workspace(_ text: String = original, file: String = "c.yaml") throws -> (Workspace, SourceText) {
        let workspace = try Workspace()
        try workspace.shader("a.fsh", uniforms: "uniform highp float warmth; uniform highp float strength;")
        try workspace.shader("b.fsh", uniforms: "uniform sampler2D second; uniform highp float amount;")
        let path = try workspace.write(file, text)
        return (workspace, SourceText(path: path, text: text))
    }

    func apply(_ edit: GraphEdit, to text: String = original, file: String = "c.yaml") throws -> String {
        let (workspace, source) = try workspace(text, file: file)
        return try withExtendedLifetime(workspace) { try edit.applied(to: source) }
    }

    func refusal(_ edit: GraphEdit) throws -> [Diagnostic] {
        let (workspace, source) = try workspace()
        return withExtendedLifetime(workspace) {
            do throws(DiagnosticsError) {
                _ = try edit.applied(to: source)
                return []
            } catch {
                return error.diagnostics
            }
        }
    }

    @Test("making another node the output changes its name after 'output:' and nothing else, the comment kept")
    func setOutput() throws {
        #expect(try apply(.setOutput("tone")) == Self.original.replacingOccurrences(of: "output: grade   #", with: "output: tone   #"))
    }

    @Test("a rename follows the node into every wire and published parameter that names it")
    func rename() throws {
        let expected = Self.original.replacingOccurrences(of: "  tone:\n", with: "  warm:\n")
            .replacingOccurrences(of: "inputImageTexture: tone,", with: "inputImageTexture: warm,")
            .replacingOccurrences(of: "[tone.warmth]", with: "[warm.warmth]")
        #expect(try apply(.rename("tone", to: "warm")) == expected)
        #expect(try refusal(.rename("tone", to: "grade")).map(\.message) == ["a node 'grade' exists already"])
        #expect(try refusal(.rename("tone", to: "two words")).first?.code == .notSaved)
    }

    @Test("wiring a value into a uniform with no 'uniforms:' adds one line in the block mapping's style")
    func wireAddsSection() throws {
        let expected = Self.original.replacingOccurrences(of: "    inputs: { inputImageTexture: photo }\n",
                                                          with: "    inputs: { inputImageTexture: photo }\n    uniforms: { strength: level }\n")
        #expect(try apply(.wire(from: "level", to: "tone", key: "strength", section: "uniforms")) == expected)
    }

    @Test("wiring into an input already wired replaces the name it reads; into a new one, adds it to the flow mapping")
    func rewire() throws {
        #expect(try apply(.wire(from: "photo", to: "grade", key: "inputImageTexture", section: "inputs"))
                == Self.original.replacingOccurrences(of: "inputImageTexture: tone,", with: "inputImageTexture: photo,"))
        // The text alone (the shader has no `level2` to load it with).
        #expect(try GraphEdit.wire(from: "level", to: "grade", key: "level2", section: "uniforms").edited(SourceText(path: "c.yaml", text: Self.original))
                == Self.original.replacingOccurrences(of: "{ amount: level }", with: "{ amount: level, level2: level }"))
    }

    @Test("unwiring the only uniform takes 'uniforms:' out with its comma; unwiring what the shader samples is refused")
    func unwire() throws {
        #expect(try apply(.unwire(node: "grade", key: "amount", section: "uniforms"))
                == Self.original.replacingOccurrences(of: ", uniforms: { amount: level } }", with: " }"))
        let refused = try refusal(.unwire(node: "grade", key: "second", section: "inputs"))
        #expect(refused.first?.message.contains("samples 'second', but nothing is wired to it") == true, "\(refused)")
    }

    @Test("deleting a node takes its lines out and the wires that read it; the output cannot be deleted")
    func delete() throws {
        let expected = Self.original.replacingOccurrences(of: "  level: { kind: constant, value: 0.5 }\n", with: "")
            .replacingOccurrences(of: ", uniforms: { amount: level } }", with: " }")
        #expect(try apply(.delete("level")) == expected)
        #expect(try refusal(.delete("grade")).map(\.message) == ["'grade' is the output; make another node the output before deleting it"])
        // What names it at the top goes with it: one of two published parameters, the whole of 'animate:'.
        let named = Self.original.replacingOccurrences(of: "inputImageTexture: tone,", with: "inputImageTexture: photo,")
            .replacingOccurrences(of: "publish: [tone.warmth]", with: "publish: [tone.warmth, grade.amount]\nanimate:\n  tone.warmth: [[0, 0], [1, 1]]")
            .replacingOccurrences(of: "uniforms: { amount: level }", with: "uniforms: { amount: 0.5 }")
        let withoutTone = try apply(.delete("tone"), to: named)
        #expect(withoutTone == named.replacingOccurrences(of: "  tone:\n    kind: shader\n    file: a.fsh\n    inputs: { inputImageTexture: photo }\n", with: "")
            .replacingOccurrences(of: "publish: [tone.warmth, grade.amount]\nanimate:\n  tone.warmth: [[0, 0], [1, 1]]", with: "publish: [grade.amount]"))
        // tone is read by grade's first input, which the shader samples: gone, the composition does not load.
        #expect(try refusal(.delete("tone")).isEmpty == false)
    }

    @Test("a wire that would close a cycle is refused with the cycle's code")
    func cycle() throws {
        #expect(try refusal(.wire(from: "grade", to: "tone", key: "inputImageTexture", section: "inputs")).map(\.code) == [.cycle])
    }

    @Test("a JSON composition stays JSON: names and keys written quoted")
    func json() throws {
        let text = """
            {
              "composition": 1,
              "nodes": {
                "photo": { "kind": "pattern" },
                "tone": { "kind": "shader", "file": "a.fsh", "inputs": { "inputImageTexture": "photo" } },
                "level": { "kind": "constant", "value": 0.5 }
              },
              "output": "tone"
            }

            """
        #expect(try apply(.rename("tone", to: "warm"), to: text, file: "c.json")
                == text.replacingOccurrences(of: "\"tone\": {", with: "\"warm\": {").replacingOccurrences(of: "\"output\": \"tone\"", with: "\"output\": \"warm\""))
        #expect(try apply(.wire(from: "level", to: "tone", key: "strength", section: "uniforms"), to: text, file: "c.json")
                == text.replacingOccurrences(of: "\"inputImageTexture\": \"photo\" } }", with: "\"inputImageTexture\": \"photo\" }, \"uniforms\": { \"strength\": \"level\" } }"))
        let deleted = try apply(.delete("level"), to: text, file: "c.json")
        #expect(deleted == text.replacingOccurrences(of: ",\n    \"level\": { \"kind\": \"constant\", \"value\": 0.5 }", with: ""))
        #expect((try? JSONSerialization.jsonObject(with: Data(deleted.utf8))) != nil)
    }

    @Test("moving a node writes its place into 'layout:', added at the end, then only its numbers; a rename and a delete follow it there")
    func move() throws {
        let moved = try apply(.move("level", to: GraphLayout.Point(x: 10.4, y: 20)))
        #expect(moved == Self.original + "layout: { level: [10, 20] }\n")
        let again = try apply(.move("level", to: GraphLayout.Point(x: 300, y: 42)), to: moved)
        #expect(again == Self.original + "layout: { level: [300, 42] }\n")
        let second = try apply(.move("photo", to: GraphLayout.Point(x: 0, y: 0)), to: again)
        #expect(second == Self.original + "layout: { level: [300, 42], photo: [0, 0] }\n")
        #expect(try apply(.rename("level", to: "dim"), to: second).hasSuffix("layout: { dim: [300, 42], photo: [0, 0] }\n"))
        #expect(try apply(.delete("level"), to: again).hasSuffix("output: grade   # what the window shows\n"))
    }

    @Test("a place in 'layout:' puts the node's box there; a place for no node, or not two numbers, is an error at it")
    func placements() throws {
        let (workspace, source) = try workspace(Self.original + "layout: { level: [500, 7] }\n")
        let composition = try withExtendedLifetime(workspace) { try CompositionLoader.load(source: source) }
        let layout = GraphLayout(composition)
        #expect(layout.box(named: "level")?.origin == GraphLayout.Point(x: 500, y: 7))
        let level = try #require(layout.edges.first { $0.from == "level" })
        #expect(level.points.count == 2)
        let broken = try Workspace()
        #expect(try broken.diagnostics("nodes:\n  a: { kind: pattern }\nlayout: { b: [1, 2], a: [1] }\n").coded == ["3:11 SB2002", "3:25 SB1004"])
        #expect(try broken.diagnostics("nodes:\n  a: { kind: pattern }\nlayout: { a: [1e300, 2] }\n").coded == ["3:14 SB1004"])
    }
}

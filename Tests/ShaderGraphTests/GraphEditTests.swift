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

    @Test("a wire that would close a cycle, or bring an image into a value, is refused with its code")
    func cycle() throws {
        #expect(try refusal(.wire(from: "grade", to: "tone", key: "inputImageTexture", section: "inputs")).map(\.code) == [.cycle])
        let image = try refusal(.wire(from: "photo", to: "grade", key: "amount", section: "uniforms"))
        #expect(image.count == 1 && image.first?.code != nil && image.first?.code != .notSaved, "\(image)")
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

    @Test("adding a node of a kind writes one line after the last node, in the block mapping's style; one that does not load is refused")
    func addKind() throws {
        let added = try apply(.add("wobble", kind: "lfo", fields: [GraphEdit.Field("rate", "2")]))
        #expect(added == Self.original.replacingOccurrences(of: "  level: { kind: constant, value: 0.5 }\n",
                                                             with: "  level: { kind: constant, value: 0.5 }\n  wobble: { kind: lfo, rate: 2 }\n"))
        #expect(try refusal(.add("picture", kind: "image", fields: [])).map(\.severity).contains(.error))
        #expect(try refusal(.add("level", kind: "time", fields: [])).map(\.code) == [.notSaved])
        #expect(try refusal(.add("9lives", kind: "time", fields: [])).map(\.code) == [.notSaved])
    }

    @Test("adding a filter from the graph puts it after the node named, and what read that node reads the filter")
    func addFilter() throws {
        let (workspace, source) = try workspace()
        let added = try withExtendedLifetime(workspace) {
            try GraphEdit.addFilter("soften", imageInput: "inputImageTexture", named: "soften", after: "tone").edited(source)
        }
        #expect(added == Self.original
            .replacingOccurrences(of: "    inputs: { inputImageTexture: photo }\n",
                                  with: "    inputs: { inputImageTexture: photo }\n  soften: { kind: shader, filter: soften, inputs: { inputImageTexture: tone } }\n")
            .replacingOccurrences(of: "inputImageTexture: tone,", with: "inputImageTexture: soften,"))
    }

    @Test("a JSON composition gets its new node in JSON: keys, names and words quoted, numbers as they are")
    func addToJSON() throws {
        let text = "{\n  \"nodes\": {\n    \"photo\": { \"kind\": \"pattern\" }\n  },\n  \"output\": \"photo\"\n}\n"
        let added = try apply(.add("wave", kind: "lfo", fields: [GraphEdit.Field("rate", "2"), GraphEdit.Field("waveform", "square")]), to: text, file: "c.json")
        #expect(added == text.replacingOccurrences(of: "\"pattern\" }\n",
                                                   with: "\"pattern\" },\n    \"wave\": { \"kind\": \"lfo\", \"rate\": 2, \"waveform\": \"square\" }\n"))
        #expect((try? JSONSerialization.jsonObject(with: Data(added.utf8))) != nil)
    }

    @Test("the add field's text: a kind with its file and keys, a filter after the node shown, a new shader file, a misspelling refused")
    func requests() throws {
        let filters = [FilterInsertion.Filter(name: "sepia", imageInput: "inputImageTexture")]
        func read(_ text: String, existing: Set<String> = []) throws(GraphNodeRequest.Refusal) -> GraphNodeRequest {
            try GraphNodeRequest.read(text, filters: filters, shown: "tone", names: ["photo", "tone", "lfo"], composition: "/w/c.yaml",
                                      fileExists: { existing.contains($0) })
        }
        #expect(try read("lfo rate=2").edit == .add("lfo-2", kind: "lfo", fields: [GraphEdit.Field("rate", "2")]))
        #expect(try read("image ../photo.png name=still").edit == .add("still", kind: "image", fields: [GraphEdit.Field("file", "../photo.png")]))
        #expect(try read("sepia").edit == .addFilter("sepia", imageInput: "inputImageTexture", named: "sepia", after: "tone"))
        let shader = try read("shader", existing: ["/w/shader.frag"])
        #expect(shader.edit == .add("shader", kind: "shader", fields: [GraphEdit.Field("file", "shader-2.frag")]))
        #expect(shader.newShader?.path == "/w/shader-2.frag")
        func refusal(_ text: String) -> String? {
            do throws(GraphNodeRequest.Refusal) {
                _ = try read(text)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal("sepai")?.hasSuffix("did you mean sepia?") == true)
        #expect(refusal("sepia rate=2") != nil)
        #expect(refusal("image a.png b.png") != nil)
        #expect(refusal("") != nil)
        let suggested = GraphNodeRequest.suggestions(for: "se", filters: ["sepia", "rose"]).map(\.name)
        #expect(suggested.prefix(2) == ["sequence", "sepia"] && suggested.contains("rose") && suggested.contains("mouse") && !suggested.contains("lfo"))
    }

    @Test("the new shader a node gets loads unwired and draws its coordinates")
    func starterShaderLoads() throws {
        let workspace = try Workspace()
        try workspace.write("shader.frag", GraphNodeRequest.starterShader(name: "shader"))
        #expect(try workspace.diagnostics("nodes:\n  shader: { kind: shader, file: shader.frag }\noutput: shader\n").isEmpty)
    }

    @Test("the inputs a wire dropped on a box may go into: parameters nothing sets for a value, unwired image inputs for an image")
    func unwiredInputs() throws {
        let (workspace, source) = try workspace()
        let composition = try withExtendedLifetime(workspace) { try CompositionLoader.load(source: source) }
        #expect(UnwiredInputs.of("tone", takingImage: false, in: composition).map(\.key) == ["warmth", "strength"])
        #expect(UnwiredInputs.of("tone", takingImage: false, in: composition).allSatisfy { $0.section == "uniforms" })
        #expect(UnwiredInputs.of("tone", takingImage: true, in: composition).isEmpty)
        #expect(UnwiredInputs.of("grade", takingImage: false, in: composition).isEmpty)
        #expect(UnwiredInputs.of("level", takingImage: false, in: composition).isEmpty)
    }
}

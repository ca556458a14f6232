import Testing
@testable import ShaderGraph
import ShaderLanguage

/// A library filter added into a composition's text after a node: one entry added, what read that node
/// rewired to it, every other byte as it was, and the result loads.
@Suite("Adding a library filter into a composition's text")
struct FilterInsertionTests {
    static let invert = FilterInsertion.Filter(name: "color-invert", imageInput: "inputImageTexture")

    /// Inserts the filter after `node` into `yaml`, checks the result loads with the new node reading `node`,
    /// and returns it with the output it loads with.
    func inserted(_ yaml: String, after node: String, named name: String = "color-invert",
                  file: String = "c.yaml") throws -> (text: String, output: String?) {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let path = try workspace.write(file, yaml)
        let text = try FilterInsertion.insert(Self.invert, named: name, after: node, into: SourceText(path: path, text: yaml))
        try workspace.write(file, text)
        let composition = try CompositionLoader.load(path: path)
        guard case .shader(let pass)? = composition.node(named: name)?.kind else {
            Issue.record("no shader node '\(name)' in:\n\(text)")
            return (text, nil)
        }
        #expect(pass.file == FilterLibrary.path(of: "color-invert"))
        #expect(pass.inputs["inputImageTexture"]?.node == node)
        return (text, composition.output)
    }

    @Test("after the output node of a block mapping: a line after its entry, and the output follows the new node")
    func afterOutput() throws {
        let yaml = """
            composition: 1   # version
            nodes:
              photo: { kind: pattern }    # the source
              tone:
                kind: shader
                file: s.fsh
                inputs: { inputImageTexture: photo }
              # the measurement
              mean: { kind: average, input: tone }
            output: tone
            """
        let (text, output) = try inserted(yaml, after: "tone")
        #expect(text == """
            composition: 1   # version
            nodes:
              photo: { kind: pattern }    # the source
              tone:
                kind: shader
                file: s.fsh
                inputs: { inputImageTexture: photo }
              color-invert: { kind: shader, filter: color-invert, inputs: { inputImageTexture: tone } }
              # the measurement
              mean: { kind: average, input: color-invert }
            output: color-invert
            """)
        #expect(output == "color-invert")
    }

    @Test("after a node in the middle: the nodes that read it read the filter, and the output stays")
    func inTheMiddle() throws {
        let yaml = """
            nodes:
              photo: { kind: pattern }
              first: { kind: shader, file: s.fsh, inputs: { inputImageTexture: photo } }
              second: { kind: shader, file: s.fsh, inputs: { inputImageTexture: first } }
            """
        let (text, output) = try inserted(yaml, after: "first")
        #expect(output == "second")
        #expect(text == """
            nodes:
              photo: { kind: pattern }
              first: { kind: shader, file: s.fsh, inputs: { inputImageTexture: photo } }
              color-invert: { kind: shader, filter: color-invert, inputs: { inputImageTexture: first } }
              second: { kind: shader, file: s.fsh, inputs: { inputImageTexture: color-invert } }
            """)
    }

    @Test("after the last node of a file with no line break at its end, with no 'output': the new node is the last, so the output")
    func atTheEnd() throws {
        let yaml = "nodes:\n  photo: { kind: pattern }\n  look: { kind: shader, file: s.fsh, inputs: { inputImageTexture: photo } }"
        let (text, output) = try inserted(yaml, after: "look")
        #expect(text == yaml + "\n  color-invert: { kind: shader, filter: color-invert, inputs: { inputImageTexture: look } }")
        #expect(output == "color-invert")
    }

    @Test("JSON stays JSON: quoted keys and names, on a line of its own like the entries around it")
    func json() throws {
        let yaml = """
            {
              "nodes": {
                "photo": { "kind": "pattern" },
                "look": { "kind": "shader", "file": "s.fsh", "inputs": { "inputImageTexture": "photo" } }
              },
              "output": "look"
            }
            """
        let (text, _) = try inserted(yaml, after: "look", file: "c.json")
        #expect(text == """
            {
              "nodes": {
                "photo": { "kind": "pattern" },
                "look": { "kind": "shader", "file": "s.fsh", "inputs": { "inputImageTexture": "photo" } },
                "color-invert": { "kind": "shader", "filter": "color-invert", "inputs": { "inputImageTexture": "look" } }
              },
              "output": "color-invert"
            }
            """)
    }

    @Test("a node reading its own previous frame keeps reading it")
    func feedbackStays() throws {
        let yaml = """
            nodes:
              photo: { kind: pattern }
              trail: { kind: shader, file: t.fsh, inputs: { inputImageTexture: photo, previousOutput: trail } }
            """
        let workspace = try Workspace()
        let text = try FilterInsertion.insert(Self.invert, named: "color-invert", after: "trail", into: SourceText(path: workspace.path("c.yaml"), text: yaml))
        #expect(text == yaml + "\n  color-invert: { kind: shader, filter: color-invert, inputs: { inputImageTexture: trail } }")
    }

    @Test("the new node's name is the filter's, numbered when taken")
    func names() {
        #expect(FilterInsertion.nodeName(for: "sepia", among: ["photo"]) == "sepia")
        #expect(FilterInsertion.nodeName(for: "sepia", among: ["sepia", "sepia-2"]) == "sepia-3")
    }

    @Test("a node that does not exist is an error")
    func missingNode() throws {
        let refusal = #expect(throws: Diagnostic.self) {
            try FilterInsertion.insert(Self.invert, named: "color-invert", after: "nothing",
                                       into: SourceText(path: "c.yaml", text: "nodes:\n  photo: { kind: pattern }\n"))
        }
        #expect(refusal?.code == .notSaved)
    }
}

import Testing
@testable import ShaderGraph
import ShaderLanguage

/// Edited keys written into a composition's `animate:`: only the changed keys' text changes, and the file
/// loads with exactly the keys intended.
@Suite("Writing edited keys back into a composition")
struct KeyWriteBackTests {
    static let shader = """
        precision mediump float;
        uniform float amount;   // range: 0...4
        uniform vec3 tint;
        void main() { gl_FragColor = vec4(tint * amount, 1.0); }
        """

    static let head = """
        composition: 1   # version
        nodes:
          grade: { kind: shader, file: s.fsh }   # the look
        output: grade

        """

    /// Loads `yaml`, writes `edit(keys)` for `parameter`, checks the result loads with exactly those keys, and
    /// returns the written text.
    func written(_ yaml: String, _ parameter: String = "amount", type: GLSLType = .float,
                 _ edit: ([Keyframe]) -> [Keyframe]) throws -> String {
        let workspace = try Workspace()
        try workspace.write("s.fsh", Self.shader)
        let path = try workspace.write("c.yaml", yaml)
        let loaded = try CompositionLoader.load(path: path)
        let original = loaded.animation.first { $0.reference.description == "grade.\(parameter)" }?.curve.keys ?? []
        let intended = edit(original)
        let curve = KeyWriteBack.Curve(node: "grade", parameter: parameter, type: type, original: original, keys: intended)
        let text = try KeyWriteBack.write([curve], into: SourceText(path: path, text: yaml))
        try workspace.write("c.yaml", text)
        let reloaded = try CompositionLoader.load(path: path)
        let keys = reloaded.animation.first { $0.reference.description == "grade.\(parameter)" }?.curve.keys
        #expect(keys == intended, "in:\n\(text)")
        return text
    }

    @Test("a moved key in a block list is rewritten on its own line; comments and the other lines stay")
    func movedKeyInBlock() throws {
        let yaml = Self.head + """
            animate:
              grade.amount:
                - [0, 0]        # start
                - [1.5, 2, smooth]   # peak
                - [4, 0]
            duration: 4
            """
        let text = try written(yaml) { keys in
            var keys = keys
            keys[1].time = 2.25
            keys[1].value = [3.5]
            return keys
        }
        #expect(text == yaml.replacingOccurrences(of: "[1.5, 2, smooth]", with: "[2.25, 3.5, smooth]"))
    }

    @Test("a new key gets a line of its own in time order, written in seconds")
    func addedKeyInBlock() throws {
        let yaml = Self.head + """
            animate:
              grade.amount:
                - [0, 0]
                - [4, 1]   # end
            """
        let text = try written(yaml) { keys in [keys[0], Keyframe(time: 0.5, value: [0.25], interpolation: .hold), keys[1]] }
        #expect(text == yaml.replacingOccurrences(of: "    - [4, 1]", with: "    - [0.5, 0.25, hold]\n    - [4, 1]"))
    }

    @Test("a key added after the last, at the end of a file without a final line break")
    func addedAtEnd() throws {
        let yaml = Self.head + "animate:\n  grade.amount:\n    - [0, 0]\n    - [1, 1]"
        let text = try written(yaml) { $0 + [Keyframe(time: 2, value: [3])] }
        #expect(text == yaml + "\n    - [2, 3]")
    }

    @Test("a deleted key loses its whole line, comment and all")
    func deletedInBlock() throws {
        let yaml = Self.head + """
            animate:
              grade.amount:
                - [0, 0]
                - [1, 2]   # gone
                - [2, 0]
            duration: 2
            """
        let text = try written(yaml) { [$0[0], $0[2]] }
        #expect(text == yaml.replacingOccurrences(of: "    - [1, 2]   # gone\n", with: ""))
    }

    @Test("in a flow list, only the changed key's text changes, and a deleted key takes its comma along")
    func flowList() throws {
        let yaml = Self.head + """
            animate:
              grade.amount: [[0, 0], [1, 2, smooth], [2.5, 1], [4, 0]]   # fade
            """
        let moved = try written(yaml) { keys in
            var keys = keys
            keys[2].interpolation = .bezier(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
            return keys
        }
        #expect(moved == yaml.replacingOccurrences(of: "[2.5, 1]", with: "[2.5, 1, [bezier, 0.25, 0, 0.75, 1]]"))
        let deleted = try written(yaml) { [$0[0], $0[1], $0[3]] }
        #expect(deleted == yaml.replacingOccurrences(of: ", [2.5, 1]", with: ""))
        let first = try written(yaml) { Array($0.dropFirst()) }
        #expect(first == yaml.replacingOccurrences(of: "[0, 0], ", with: ""))
        let added = try written(yaml) { [$0[0], $0[1], Keyframe(time: 2, value: [1.5]), $0[2], $0[3]] }
        #expect(added == yaml.replacingOccurrences(of: "[1, 2, smooth], ", with: "[1, 2, smooth], [2, 1.5], "))
    }

    @Test("keys inside { keys: …, loop: true } are edited in place, the loop kept")
    func loopingCurve() throws {
        let yaml = Self.head + """
            animate:
              grade.amount: { keys: [[0, 0], [2, 4]], loop: true }
            """
        let text = try written(yaml) { keys in [keys[0], Keyframe(time: 2, value: [1])] }
        #expect(text == yaml.replacingOccurrences(of: "[2, 4]", with: "[2, 1]"))
    }

    @Test("a parameter not keyed yet joins animate:, and a file without animate: gains one at its end")
    func newEntries() throws {
        let keyed = Self.head + "animate:\n  grade.tint: [[0, [1, 0, 0]]]   # red\n"
        let joined = try written(keyed) { _ in [Keyframe(time: 0, value: [1]), Keyframe(time: 1.25, value: [2], interpolation: .smooth)] }
        #expect(joined == keyed + "  grade.amount: [[0, 1], [1.25, 2, smooth]]\n")
        let bare = Self.head + "duration: 2\n"
        let started = try written(bare, "tint", type: .vec3) { _ in [Keyframe(time: 0.5, value: [0.25, 0.5, 1])] }
        #expect(started == bare + "animate:\n  grade.tint: [[0.5, [0.25, 0.5, 1]]]\n")
    }

    @Test("a curve with no keys left is refused, not written")
    func noKeys() throws {
        let yaml = Self.head + "animate:\n  grade.amount: [[0, 0]]\n"
        let workspace = try Workspace()
        try workspace.write("s.fsh", Self.shader)
        let path = try workspace.write("c.yaml", yaml)
        let original = try CompositionLoader.load(path: path).animation[0].curve.keys
        let curve = KeyWriteBack.Curve(node: "grade", parameter: "amount", type: .float, original: original, keys: [])
        #expect(throws: Diagnostic.self) { try KeyWriteBack.write([curve], into: SourceText(path: path, text: yaml)) }
    }
}

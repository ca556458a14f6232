import ShaderLanguage
import Yams

/// Puts a built-in filter into a composition's text after one of its nodes, touching nothing else: the new
/// node's entry goes right after that node's, in the style of the mapping around it (a line of its own in a
/// block mapping, JSON's quoted keys), and whatever read that node's image (the `output`, image inputs,
/// reductions) reads the filter's instead, so the composition shows what the filter makes of it.
public enum FilterInsertion {
    public struct Filter: Sendable {
        /// The filter's name in the library, as `filter:` writes it.
        public var name: String
        /// The sampler its image comes in by (`inputImageTexture`).
        public var imageInput: String

        public init(name: String, imageInput: String) {
            self.name = name
            self.imageInput = imageInput
        }
    }

    /// The filter's name, or with `-2`, `-3`, … after it when a node of that name exists: what the new node is called.
    public static func nodeName(for filter: String, among names: [String]) -> String {
        var candidate = filter
        var number = 2
        while names.contains(candidate) {
            candidate = "\(filter)-\(number)"
            number += 1
        }
        return candidate
    }

    /// `source` with a node `name` running `filter` on node `node`'s image, and what read that image rewired to
    /// it. Throws, at the place concerned, when the text cannot be changed without touching more than that.
    public static func insert(_ filter: Filter, named name: String, after node: String, into source: SourceText) throws(Diagnostic) -> String {
        let composed = try ComposedComposition(source, purpose: "to add a filter to")
        let reader = composed.reader, top = composed.top, nodes = composed.nodes
        guard let (key, value) = nodes.first(where: { $0.key.string == node }) else {
            throw source.error("there is no node '\(node)' to add a filter after", line: 1, column: 1, code: .notSaved)
        }
        guard nodes.first(where: { $0.key.string == name }) == nil else {
            throw reader.error("a node '\(name)' exists already", at: key, code: .notSaved)
        }
        var edits = TextEdits(source)
        for (other, fields) in nodes where other.string != node {
            guard case .mapping(let fields) = fields else { continue }
            if case .mapping(let inputs)? = fields["inputs"] {
                for (_, wire) in inputs { try rename(wire, from: node, to: name, in: &edits, reader: reader) }
            }
            if let input = fields["input"] { try rename(input, from: node, to: name, in: &edits, reader: reader) }
        }
        if let output = top["output"] { try rename(output, from: node, to: name, in: &edits, reader: reader) }

        let json = source.path.lowercased().hasSuffix(".json")
        func text(_ word: String) -> String { json ? "\"\(word)\"" : word }
        let entry = "\(text(name)): { \(text("kind")): \(text("shader")), \(text("filter")): \(text(filter.name)), "
            + "\(text("inputs")): { \(text(filter.imageInput)): \(text(node)) } }"
        try add(entry, after: (key, value), in: composed.nodesNode, edits: &edits, reader: reader)
        return edits.result
    }

    /// Makes a wire that names `old` name `new` instead, quotes kept.
    private static func rename(_ wire: Yams.Node, from old: String, to new: String, in edits: inout TextEdits,
                               reader: YAMLReader) throws(Diagnostic) {
        guard case .scalar(let scalar) = wire, scalar.string == old else { return }
        guard let mark = scalar.mark, let start = edits.offset(line: mark.line, column: mark.column) else {
            throw reader.error("the place of this wire in the text is unknown, so it is not rewired", at: wire, code: .notSaved)
        }
        // A quoted scalar's place is its opening quote.
        let offset = edits.reads(old, at: start) ? start : start + 1
        guard edits.reads(old, at: offset) else {
            throw reader.error("the text of this wire is not where the YAML parser puts it, so it is not rewired", at: wire, code: .notSaved)
        }
        edits.replace(at: offset, length: old.unicodeScalars.count, with: new)
    }

    /// Adds `entry` to the nodes mapping right after the entry `key: value`.
    private static func add(_ entry: String, after entryBefore: (key: Yams.Node, value: Yams.Node), in nodes: Yams.Node,
                            edits: inout TextEdits, reader: YAMLReader) throws(Diagnostic) {
        guard let nodesMark = nodes.mark, let nodesStart = edits.offset(line: nodesMark.line, column: nodesMark.column),
              let keyMark = entryBefore.key.mark, let end = end(of: entryBefore.value, in: edits) else {
            throw reader.error("the node's place in the text is unknown, so nothing is added after it", at: entryBefore.key, code: .notSaved)
        }
        let indent = String(repeating: " ", count: keyMark.column - 1)
        // A flow mapping's place is its `{`, a block mapping's its first key.
        if edits.scalar(at: nodesStart) == "{" {
            let separator = keyMark.line == nodesMark.line ? ", " : ",\n" + indent
            edits.insert(separator + entry, at: end)
            return
        }
        let lineEnd = edits.lineEnd(after: max(end - 1, 0))
        if edits.scalar(at: lineEnd) == "\n" {
            edits.insert(indent + entry + "\n", at: lineEnd + 1)
        } else {
            edits.insert("\n" + indent + entry, at: lineEnd)
        }
    }

    /// The offset just after the text of `node`: past a flow collection's closing bracket, else past its last
    /// part; a scalar ends its line.
    private static func end(of node: Yams.Node, in edits: TextEdits) -> Int? {
        guard let mark = node.mark, let start = edits.offset(line: mark.line, column: mark.column) else { return nil }
        switch node {
        case .mapping(let mapping):
            if edits.scalar(at: start) == "{" { return edits.closingBracket(ofCollectionAt: start).map { $0 + 1 } }
            return mapping.map { $0 }.last.flatMap { end(of: $0.value, in: edits) } ?? start
        case .sequence(let sequence):
            if edits.scalar(at: start) == "[" { return edits.closingBracket(ofCollectionAt: start).map { $0 + 1 } }
            return sequence.last.flatMap { end(of: $0, in: edits) } ?? start
        case .scalar, .alias:
            return edits.lineEnd(after: start)
        }
    }
}

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
        try edits.add(entry, after: (key, value), in: composed.nodesNode, reader: reader)
        return edits.result
    }

    /// Makes a wire that names `old` name `new` instead, quotes kept.
    private static func rename(_ wire: Yams.Node, from old: String, to new: String, in edits: inout TextEdits,
                               reader: YAMLReader) throws(Diagnostic) {
        guard case .scalar(let scalar) = wire, scalar.string == old else { return }
        try edits.replacePrefix(old, of: wire, with: new, reader: reader)
    }
}

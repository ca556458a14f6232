import ShaderLanguage
import Yams

/// An edit of a composition's graph, made as the smallest change to its text: only the entries it concerns
/// change, and comments, key order, flow or block style and JSON stay as written. `applied(to:)` refuses,
/// with the diagnostic, an edit that would leave a composition that does not load.
public enum GraphEdit: Sendable, Equatable {
    /// Wires `from`'s output into `to`'s input `key`, written under `section` (`inputs` for an image,
    /// `uniforms` for a value) or, with no section, as a field of its own (a reduction's `input`, an
    /// operation's `a`).
    case wire(from: String, to: String, key: String, section: String?)
    /// Takes the wire into `node`'s input `key` out.
    case unwire(node: String, key: String, section: String?)
    /// Takes the node out, and every wire that reads it.
    case delete(String)
    /// Renames the node; every wire, `output:`, `live:`, `publish:`, key and control that names it follows.
    case rename(String, to: String)
    /// Makes the node the composition's output.
    case setOutput(String)
    /// Puts the node's box at `place` in the graph, in `layout:`.
    case move(String, to: GraphLayout.Point)
    /// Adds a node `name` of the kind `kind` names, with `fields` besides its `kind:`, after the last node.
    case add(String, kind: String, fields: [Field])
    /// Adds the library's filter `filter` as node `name` on `after`'s image, and what read that image reads the
    /// filter's instead (`FilterInsertion`).
    case addFilter(String, imageInput: String, named: String, after: String)

    /// A key of a node added and its value, as the text writes it.
    public struct Field: Sendable, Equatable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// What the edit does, for messages and the trace.
    public var description: String {
        switch self {
        case .wire(let from, let to, let key, _): "wired \(from) into \(to).\(key)"
        case .unwire(let node, let key, _): "unwired \(node).\(key)"
        case .delete(let node): "deleted \(node)"
        case .rename(let old, let new): "renamed \(old) to \(new)"
        case .setOutput(let node): "made \(node) the output"
        case .move(let node, let place): "moved \(node) to \(Int(place.x)), \(Int(place.y))"
        case .add(let node, let kind, _): "added \(node) (\(kind))"
        case .addFilter(let filter, _, let node, let after): "added \(node) (\(filter)) after \(after)"
        }
    }

    /// `source`'s text with the edit made, once the edited composition has loaded.
    public func applied(to source: SourceText, files: SourceFiles = .disk) throws(DiagnosticsError) -> String {
        let text: String
        do {
            text = try edited(source)
        } catch {
            throw DiagnosticsError([error])
        }
        _ = try CompositionLoader.load(source: SourceText(path: source.path, text: text), files: files)
        return text
    }

    func edited(_ source: SourceText) throws(Diagnostic) -> String {
        if case .addFilter(let filter, let imageInput, let name, let after) = self {
            return try FilterInsertion.insert(FilterInsertion.Filter(name: filter, imageInput: imageInput), named: name, after: after, into: source)
        }
        let composed = try ComposedComposition(source, purpose: "to edit its graph in")
        var edits = TextEdits(source)
        switch self {
        case .wire(let from, let to, let key, let section):
            try GraphEditText.wire(from, into: to, key: key, section: section, in: composed, edits: &edits)
        case .unwire(let node, let key, let section):
            try GraphEditText.unwire(node, key: key, section: section, in: composed, edits: &edits)
        case .delete(let node):
            try GraphEditText.delete(node, in: composed, edits: &edits)
        case .rename(let old, let new):
            try GraphEditText.rename(old, to: new, in: composed, edits: &edits)
        case .setOutput(let node):
            try GraphEditText.setOutput(node, in: composed, edits: &edits)
        case .move(let node, let place):
            try GraphEditText.move(node, to: place, in: composed, edits: &edits)
        case .add(let node, let kind, let fields):
            try GraphEditText.add(node, kind: kind, fields: fields, in: composed, edits: &edits)
        case .addFilter:
            break
        }
        return edits.result
    }
}

import ShaderLanguage
import Yams

/// How each `GraphEdit` changes a composition's text: which entries it replaces, adds or takes out.
enum GraphEditText {
    typealias Entry = (key: Yams.Node, value: Yams.Node)

    /// The node's entry in `nodes` and its fields.
    static func node(_ name: String, in composed: ComposedComposition) throws(Diagnostic) -> (entry: Entry, fields: Yams.Node.Mapping) {
        guard let entry = composed.nodes.first(where: { $0.key.string == name }) else {
            throw composed.reader.error("there is no node '\(name)'", at: composed.nodesNode, code: .notSaved)
        }
        guard case .mapping(let fields) = entry.value else {
            throw composed.reader.error("node '\(name)' is not a mapping of its settings", at: entry.key, code: .notSaved)
        }
        return ((entry.key, entry.value), fields)
    }

    static func wire(_ from: String, into to: String, key: String, section: String?, in composed: ComposedComposition,
                     edits: inout TextEdits) throws(Diagnostic) {
        guard composed.nodes.contains(where: { $0.key.string == from }) else {
            throw composed.reader.error("there is no node '\(from)' to wire", at: composed.nodesNode, code: .notSaved)
        }
        let (node, fields) = try self.node(to, in: composed)
        let entry = "\(composed.written(key)): \(composed.written(from))"
        guard let section else {
            try set(key, in: node, fields: fields, to: from, adding: entry, composed: composed, edits: &edits)
            return
        }
        guard let sectionNode = fields[section] else {
            try addField("\(composed.written(section)): { \(entry) }", to: node, fields: fields, composed: composed, edits: &edits)
            return
        }
        guard case .mapping(let entries) = sectionNode else {
            throw composed.reader.error("'\(section)' of '\(to)' is not a mapping, so nothing is wired into it", at: sectionNode, code: .notSaved)
        }
        if let existing = entries.first(where: { $0.key.string == key }) {
            try replaceScalar(existing.value, with: from, composed: composed, edits: &edits)
        } else if let last = entries.map({ $0 }).last {
            try edits.add(entry, after: (last.key, last.value), in: sectionNode, reader: composed.reader)
        } else if let mark = sectionNode.mark, let start = edits.offset(line: mark.line, column: mark.column), let end = edits.end(of: sectionNode) {
            // An empty `{}`.
            edits.replace(at: start, length: end - start, with: "{ \(entry) }")
        }
    }

    static func unwire(_ name: String, key: String, section: String?, in composed: ComposedComposition, edits: inout TextEdits) throws(Diagnostic) {
        let (node, fields) = try self.node(name, in: composed)
        guard let section else {
            guard let field = fields.first(where: { $0.key.string == key }) else {
                throw composed.reader.error("'\(name)' has no '\(key)' to unwire", at: node.key, code: .notSaved)
            }
            try edits.remove((field.key, field.value), from: node.value, reader: composed.reader)
            return
        }
        guard let sectionField = fields.first(where: { $0.key.string == section }), case .mapping(let entries) = sectionField.value,
              let entry = entries.first(where: { $0.key.string == key }) else {
            throw composed.reader.error("'\(name)' has no '\(section).\(key)' to unwire", at: node.key, code: .notSaved)
        }
        // The last entry takes its section with it rather than leave an empty mapping.
        if entries.count == 1 {
            try edits.remove((sectionField.key, sectionField.value), from: node.value, reader: composed.reader)
        } else {
            try edits.remove((entry.key, entry.value), from: sectionField.value, reader: composed.reader)
        }
    }

    static func delete(_ name: String, in composed: ComposedComposition, edits: inout TextEdits) throws(Diagnostic) {
        let (node, _) = try self.node(name, in: composed)
        if let output = composed.top["output"], reads(output, name) {
            throw composed.reader.error("'\(name)' is the output; make another node the output before deleting it", at: output, code: .notSaved)
        }
        guard composed.nodes.count > 1 else {
            throw composed.reader.error("'\(name)' is the only node", at: node.key, code: .notSaved)
        }
        try edits.remove(node, from: composed.nodesNode, reader: composed.reader)
        for (other, value) in composed.nodes where other.string != name {
            guard case .mapping(let fields) = value else { continue }
            for section in ["inputs", "uniforms"] {
                guard let field = fields.first(where: { $0.key.string == section }), case .mapping(let entries) = field.value else { continue }
                try remove(entries.filter { reads($0.value, name) }.map { ($0.key, $0.value) }, of: entries.count,
                           field: (field.key, field.value), from: value, composed: composed, edits: &edits)
            }
        }
        // What names it at the top: the live source, published parameters, keys, controls and places. A value
        // `osc-out:` sends is left, and the edit refused at it when the composition is loaded.
        if let live = composed.top.first(where: { $0.key.string == "live" }), reads(live.value, name) {
            try edits.remove((live.key, live.value), from: composed.root, reader: composed.reader)
        }
        for field in composed.top where ["animate", "controls", "layout", "publish"].contains(field.key.string) {
            // A sequence's items are taken out as entries that begin and end at the item.
            let parts: [Entry] = switch field.value {
            case .mapping(let entries): entries.map { ($0.key, $0.value) }
            case .sequence(let items): items.map { ($0, $0) }
            default: []
            }
            try remove(parts.filter { reads($0.key, name) }, of: parts.count, field: (field.key, field.value), from: composed.root,
                       composed: composed, edits: &edits)
        }
    }

    /// Takes `naming` out of the collection `field` holds, or `field` itself when they are all of its `count`
    /// parts, rather than leave it empty.
    private static func remove(_ naming: [Entry], of count: Int, field: Entry, from container: Yams.Node, composed: ComposedComposition,
                               edits: inout TextEdits) throws(Diagnostic) {
        guard !naming.isEmpty else { return }
        if naming.count == count {
            try edits.remove(field, from: container, reader: composed.reader)
            return
        }
        for part in naming { try edits.remove(part, from: field.value, reader: composed.reader) }
    }

    static func rename(_ old: String, to new: String, in composed: ComposedComposition, edits: inout TextEdits) throws(Diagnostic) {
        let (node, _) = try self.node(old, in: composed)
        guard isName(new) else {
            throw composed.reader.error("'\(new)' cannot name a node: use letters, digits, '_' and '-', starting with a letter or '_'", at: node.key, code: .notSaved)
        }
        guard new == old || !composed.nodes.contains(where: { $0.key.string == new }) else {
            throw composed.reader.error("a node '\(new)' exists already", at: node.key, code: .notSaved)
        }
        try edits.replacePrefix(old, of: node.key, with: new, reader: composed.reader)
        for scalar in references(in: composed) where reads(scalar, old) {
            try edits.replacePrefix(old, of: scalar, with: new, reader: composed.reader)
        }
    }

    static func setOutput(_ name: String, in composed: ComposedComposition, edits: inout TextEdits) throws(Diagnostic) {
        _ = try node(name, in: composed)
        if let output = composed.top["output"] {
            try replaceScalar(output, with: name, composed: composed, edits: &edits)
        } else if let last = composed.top.map({ $0 }).last {
            try edits.add("\(composed.written("output")): \(composed.written(name))", after: (last.key, last.value), in: composed.root, reader: composed.reader)
        }
    }

    /// Writes the node's place into `layout:`: its entry's value replaced, an entry added, or `layout:` added
    /// at the end of the top-level mapping.
    static func move(_ name: String, to place: GraphLayout.Point, in composed: ComposedComposition, edits: inout TextEdits) throws(Diagnostic) {
        _ = try node(name, in: composed)
        let pair = "[\(Int(place.x.rounded())), \(Int(place.y.rounded()))]"
        let entry = "\(composed.written(name)): \(pair)"
        guard let layout = composed.top.first(where: { $0.key.string == "layout" }) else {
            guard let last = composed.top.map({ $0 }).last else { return }
            try edits.add("\(composed.written("layout")): { \(entry) }", after: (last.key, last.value), in: composed.root, reader: composed.reader)
            return
        }
        guard case .mapping(let entries) = layout.value else {
            throw composed.reader.error("'layout' is not a mapping of nodes to places", at: layout.value, code: .notSaved)
        }
        if let existing = entries.first(where: { $0.key.string == name }) {
            guard let mark = existing.value.mark, let start = edits.offset(line: mark.line, column: mark.column), let end = edits.end(of: existing.value) else {
                throw composed.reader.error("the place of this entry in the text is unknown", at: existing.key, code: .notSaved)
            }
            edits.replace(at: start, length: end - start, with: pair)
        } else if let last = entries.map({ $0 }).last {
            try edits.add(entry, after: (last.key, last.value), in: layout.value, reader: composed.reader)
        } else if let mark = layout.value.mark, let start = edits.offset(line: mark.line, column: mark.column), let end = edits.end(of: layout.value) {
            edits.replace(at: start, length: end - start, with: "{ \(entry) }")
        }
    }

    /// Adds a node's entry after the last node's, its keys in flow style on one line, in the style of the
    /// mapping around it.
    static func add(_ name: String, kind: String, fields: [GraphEdit.Field], in composed: ComposedComposition,
                    edits: inout TextEdits) throws(Diagnostic) {
        guard isName(name) else {
            throw composed.reader.error("'\(name)' cannot name a node: use letters, digits, '_' and '-', starting with a letter or '_'",
                                        at: composed.nodesNode, code: .notSaved)
        }
        guard !composed.nodes.contains(where: { $0.key.string == name }) else {
            throw composed.reader.error("a node '\(name)' exists already", at: composed.nodesNode, code: .notSaved)
        }
        let settings = ([GraphEdit.Field("kind", kind)] + fields).map { "\(composed.written($0.key)): \(written(value: $0.value, in: composed))" }
        let entry = "\(composed.written(name)): { \(settings.joined(separator: ", ")) }"
        if let last = composed.nodes.map({ $0 }).last {
            try edits.add(entry, after: (last.key, last.value), in: composed.nodesNode, reader: composed.reader)
        } else if let mark = composed.nodesNode.mark, let start = edits.offset(line: mark.line, column: mark.column),
                  let end = edits.end(of: composed.nodesNode) {
            edits.replace(at: start, length: end - start, with: "{ \(entry) }")
        }
    }

    /// A value as typed, in YAML as it is (the loader then reads it as any other), in JSON quoted unless it
    /// is a number, a boolean or a list.
    private static func written(value: String, in composed: ComposedComposition) -> String {
        guard composed.isJSON, Double(value) == nil, !["true", "false", "null"].contains(value), !value.hasPrefix("[") else { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Every scalar that can name a node: wires of every node, and `output`, `live`, `publish`, `animate`,
    /// `controls` and `layout` keys, and the values `osc-out` sends.
    static func references(in composed: ComposedComposition) -> [Yams.Node] {
        var scalars: [Yams.Node] = []
        for (_, value) in composed.nodes {
            guard case .mapping(let fields) = value else { continue }
            let keyword = fields["kind"]?.string ?? "shader"
            let operation = ValueOperation.Operator(rawValue: keyword).map(ValueOperation.roles(of:)) ?? []
            for (key, field) in fields {
                switch key.string {
                case "inputs", "uniforms":
                    if case .mapping(let entries) = field { scalars += entries.map(\.value) }
                case "input", "size":
                    scalars.append(field)
                case let role? where operation.contains(role):
                    if case .sequence(let items) = field { scalars += items } else { scalars.append(field) }
                default:
                    break
                }
            }
        }
        for key in ["output", "live"] { if let field = composed.top[key] { scalars.append(field) } }
        if case .sequence(let items)? = composed.top["publish"] { scalars += items }
        for key in ["animate", "controls", "layout"] {
            if case .mapping(let entries)? = composed.top[key] { scalars += entries.map(\.key) }
        }
        if case .mapping(let osc)? = composed.top["osc-out"], case .sequence(let items)? = osc["values"] { scalars += items }
        return scalars.filter { if case .scalar = $0 { true } else { false } }
    }

    /// Whether a scalar names the node: the node itself, or a part of it (`where.xy`, `grade.exposure`).
    static func reads(_ scalar: Yams.Node, _ name: String) -> Bool {
        guard case .scalar(let text) = scalar else { return false }
        return text.string == name || text.string.hasPrefix(name + ".")
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    private static func replaceScalar(_ node: Yams.Node, with text: String, composed: ComposedComposition, edits: inout TextEdits) throws(Diagnostic) {
        guard case .scalar(let scalar) = node else {
            throw composed.reader.error("this is not a name, so it is not replaced", at: node, code: .notSaved)
        }
        try edits.replacePrefix(scalar.string, of: node, with: text, reader: composed.reader)
    }

    /// Sets the field `key` of a node to `value`, or adds `entry` when it has none.
    private static func set(_ key: String, in node: Entry, fields: Yams.Node.Mapping, to value: String, adding entry: String,
                            composed: ComposedComposition, edits: inout TextEdits) throws(Diagnostic) {
        if let existing = fields[key] {
            try replaceScalar(existing, with: value, composed: composed, edits: &edits)
        } else {
            try addField(entry, to: node, fields: fields, composed: composed, edits: &edits)
        }
    }

    private static func addField(_ entry: String, to node: Entry, fields: Yams.Node.Mapping, composed: ComposedComposition,
                                 edits: inout TextEdits) throws(Diagnostic) {
        guard let last = fields.map({ $0 }).last else {
            throw composed.reader.error("node has no settings to add beside", at: node.key, code: .notSaved)
        }
        try edits.add(entry, after: (last.key, last.value), in: node.value, reader: composed.reader)
    }
}

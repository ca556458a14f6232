import ShaderLanguage
import Yams

/// Writes tuned parameter values into a composition's own text, changing only the text of those values:
/// comments, key order, quoting and layout stay as the person wrote them. Each value is found where the
/// loader finds it (`nodes` → node → `uniforms` → uniform), and its numbers are rewritten one by one; a
/// parameter the file does not set yet gains an entry in the node's `uniforms`, written in the style the
/// mapping around it uses (flow or block, JSON's quoted keys).
public enum ParameterWriteBack {
    public struct Value: Sendable {
        public var node: String
        public var uniform: String
        public var type: GLSLType
        /// The components, in GLSL order.
        public var numbers: [Float]

        public init(node: String, uniform: String, type: GLSLType, numbers: [Float]) {
            self.node = node
            self.uniform = uniform
            self.type = type
            self.numbers = numbers
        }
    }

    /// The composition `source` with `values` written in. Throws, at the place concerned, when a value
    /// cannot be written without touching more than it (a node that is not a mapping, a uniform set by a
    /// wire or with a different count of numbers).
    public static func write(_ values: [Value], into source: SourceText) throws(Diagnostic) -> String {
        try refuseNonFinite(values)
        let composed = try ComposedComposition(source, purpose: "to save parameters into")
        let reader = composed.reader, nodes = composed.nodes
        var edits = TextEdits(source)
        let json = source.path.lowercased().hasSuffix(".json")
        var missing: [String: [Value]] = [:]
        for value in values {
            guard let nodeValue = nodes[value.node], case .mapping(let fields) = nodeValue else {
                throw source.error("there is no node '\(value.node)' to save \(value.node).\(value.uniform) into", line: 1, column: 1, code: .notSaved)
            }
            guard let uniformsNode = fields["uniforms"], case .mapping(let uniforms) = uniformsNode,
                  let setting = uniforms[value.uniform] else {
                missing[value.node, default: []].append(value)
                continue
            }
            try rewrite(setting, as: value, in: &edits, reader: reader)
        }
        for (node, values) in missing.sorted(by: { $0.key < $1.key }) {
            guard case .mapping(let fields)? = nodes[node] else { continue }
            try insert(values, into: fields, in: &edits, reader: reader, json: json)
        }
        return edits.result
    }

    /// Throws for a value with NaN or an infinity in it: written, the composition would no longer load.
    public static func refuseNonFinite(_ values: [Value]) throws(Diagnostic) {
        for value in values {
            if let problem = FiniteParameterValues.problem(in: value.numbers) {
                throw Diagnostic.error("\(value.node).\(value.uniform) is not saved: \(problem)", code: .notSaved)
            }
        }
    }

    /// Rewrites each number of an existing literal in place.
    static func rewrite(_ setting: Yams.Node, as value: Value, in edits: inout TextEdits, reader: YAMLReader) throws(Diagnostic) {
        var scalars: [Yams.Node] = []
        switch setting {
        case .scalar:
            scalars = [setting]
        case .sequence(let sequence):
            for item in sequence {
                if case .sequence(let column) = item { scalars += Array(column) } else { scalars.append(item) }
            }
        default:
            break
        }
        let name = "\(value.node).\(value.uniform)"
        guard scalars.count == value.numbers.count, scalars.allSatisfy({ node in
            if case .scalar(let scalar) = node { reader.number(scalar) != nil || reader.boolean(scalar) != nil } else { false }
        }) else {
            throw reader.error("\(name) is not set to \(value.numbers.count) number\(value.numbers.count == 1 ? "" : "s") here, so the tuned value is not saved over it", at: setting, code: .notSaved)
        }
        for (node, number) in zip(scalars, value.numbers) {
            guard case .scalar(let scalar) = node, let mark = scalar.mark,
                  let offset = edits.offset(line: mark.line, column: mark.column), edits.reads(scalar.string, at: offset) else {
                throw reader.error("the text of \(name) is not where the YAML parser puts it, so it is not rewritten", at: node, code: .notSaved)
            }
            edits.replace(at: offset, length: scalar.string.unicodeScalars.count, with: text(of: number, type: value.type))
        }
    }

    /// Adds entries for uniforms the node does not set yet: into its `uniforms` mapping, or a new one.
    private static func insert(_ values: [Value], into fields: Yams.Node.Mapping, in edits: inout TextEdits, reader: YAMLReader,
                               json: Bool) throws(Diagnostic) {
        func key(_ name: String) -> String { json ? "\"\(name)\"" : name }
        let entries = values.map { "\(key($0.uniform)): \(text(of: $0.numbers, type: $0.type))" }
        if let uniformsNode = fields["uniforms"], case .mapping(let uniforms) = uniformsNode {
            try add(entries, to: uniforms, in: &edits, reader: reader)
        } else {
            try add(["\(key("uniforms")): { \(entries.joined(separator: ", ")) }"], to: fields, in: &edits, reader: reader)
        }
    }

    /// Adds `entries` (each `key: value` on one line) to `mapping`: before a flow mapping's closing brace, or
    /// on lines of their own in a block mapping, indented as its keys are.
    static func add(_ entries: [String], to mapping: Yams.Node.Mapping, in edits: inout TextEdits,
                            reader: YAMLReader) throws(Diagnostic) {
        let node = Yams.Node.mapping(mapping)
        guard let mark = mapping.mark, let start = edits.offset(line: mark.line, column: mark.column) else {
            throw reader.error("the mapping's place in the text is unknown, so nothing is added to it", at: node, code: .notSaved)
        }
        // A flow mapping's place is its `{`, a block mapping's its first key. (Yams reports the style of the
        // mapping's end event, which says nothing, so the text decides.)
        if edits.scalar(at: start) == "{" {
            guard let close = edits.closingBracket(ofCollectionAt: start) else {
                throw reader.error("the end of this mapping cannot be found, so nothing is added to it", at: node, code: .notSaved)
            }
            let end = edits.endOfContent(before: close)
            let separator = mapping.isEmpty || edits.scalar(at: end - 1) == "," ? " " : ", "
            edits.insert(separator + entries.joined(separator: ", ") + (mapping.isEmpty ? " " : ""), at: end)
            return
        }
        let indent = String(repeating: " ", count: mark.column - 1)
        let lines = entries.map { indent + $0 + "\n" }.joined()
        // After the last entry when it fits on its key's line (`file: blur.fsh`, `tint: [1, 0, 0]`), so the
        // new entry reads last; else before the first.
        if let (lastKey, lastValue) = mapping.map({ $0 }).last, let valueEnd = endOfOneLineValue(lastValue, after: lastKey, in: edits) {
            let lineEnd = edits.lineEnd(after: valueEnd)
            if edits.scalar(at: lineEnd) == "\n" {
                edits.insert(lines, at: lineEnd + 1)
            } else {
                edits.insert("\n" + String(lines.dropLast()), at: lineEnd)
            }
        } else if let lineStart = edits.lineStart(mark.line) {
            edits.insert(lines, at: lineStart)
        }
    }

    /// Where `value` ends when it is written on its key's line (a plain scalar, or a flow collection closed on
    /// that line) with nothing but a comment after it; nil otherwise.
    private static func endOfOneLineValue(_ value: Yams.Node, after key: Yams.Node, in edits: TextEdits) -> Int? {
        guard let keyMark = key.mark, let valueMark = value.mark, keyMark.line == valueMark.line,
              let start = edits.offset(line: valueMark.line, column: valueMark.column) else { return nil }
        let end: Int
        switch value {
        case .scalar(let scalar) where scalar.style == .plain && edits.reads(scalar.string, at: start):
            end = start + scalar.string.unicodeScalars.count
        case .mapping, .sequence:
            guard edits.scalar(at: start) == "{" || edits.scalar(at: start) == "[",
                  let close = edits.closingBracket(ofCollectionAt: start), edits.lineEnd(after: start) > close else { return nil }
            end = close + 1
        default:
            return nil
        }
        return edits.onlyCommentFollows(end) ? end : nil
    }

    /// A value as the composition writes it: a number, or a list of them.
    public static func text(of numbers: [Float], type: GLSLType) -> String {
        numbers.count == 1 ? text(of: numbers[0], type: type) : "[" + numbers.map { text(of: $0, type: type) }.joined(separator: ", ") + "]"
    }

    /// The shortest text that reads back as the same number: `0.25`, `3` for an int, `true` for a bool.
    static func text(of number: Float, type: GLSLType) -> String {
        switch type.scalarKind {
        case .bool?: number != 0 ? "true" : "false"
        case .int?: "\(WholeNumber.int32(number))"
        default: number == number.rounded() && abs(number) < 1e7 ? "\(Int(number))" : "\(number)"
        }
    }
}

import ShaderLanguage
import Yams

/// Writes edited keys into a composition's `animate:`, changing only the text of the keys that changed: a key
/// kept as it was keeps its bytes (its time written in whatever form the file uses, its comment), a changed key
/// is rewritten where it stands, a deleted one loses its line (or its place in a flow list), and a new one gets a
/// line of its own (or a place in the flow list) in time order. A parameter the file does not key yet gains an
/// entry in `animate:`, and a file with no `animate:` gains one at its end.
public enum KeyWriteBack {
    public struct Curve: Sendable {
        public var node: String
        public var parameter: String
        public var type: GLSLType
        /// The keys as the composition was loaded with them, each with its place in the text (`location`); empty
        /// for a parameter the file does not key.
        public var original: [Keyframe]
        /// The keys to write, in time order, at least one.
        public var keys: [Keyframe]

        public init(node: String, parameter: String, type: GLSLType, original: [Keyframe], keys: [Keyframe]) {
            self.node = node
            self.parameter = parameter
            self.type = type
            self.original = original
            self.keys = keys
        }

        var name: String { "\(node).\(parameter)" }
    }

    public static func write(_ curves: [Curve], into source: SourceText) throws(Diagnostic) -> String {
        for curve in curves {
            if curve.keys.isEmpty {
                throw Diagnostic.error("\(curve.name) is not saved with no keys: a keyed parameter keeps at least one", code: .notSaved)
            }
            if let problem = FiniteParameterValues.problem(in: curve.keys.flatMap(\.value)) {
                throw Diagnostic.error("the keys of \(curve.name) are not saved: \(problem)", code: .notSaved)
            }
        }
        let composed = try ComposedComposition(source, purpose: "to save keys into")
        let reader = composed.reader
        let json = source.path.lowercased().hasSuffix(".json")
        var edits = TextEdits(source)
        func key(_ name: String) -> String { json ? "\"\(name)\"" : name }
        let entries = { (curves: [Curve]) in curves.map { "\(key($0.name)): \(KeyText.text(of: $0.keys, type: $0.type))" } }
        guard let animateNode = composed.top["animate"] else {
            let top = composed.top
            if let mark = top.mark, let start = edits.offset(line: mark.line, column: mark.column), edits.scalar(at: start) == "{" {
                try ParameterWriteBack.add(["\(key("animate")): { \(entries(curves).joined(separator: ", ")) }"], to: top, in: &edits, reader: reader)
                return edits.result
            }
            let endsLine = edits.end == 0 || edits.scalar(at: edits.end - 1) == "\n"
            edits.insert((endsLine ? "" : "\n") + "animate:\n" + entries(curves).map { "  \($0)\n" }.joined(), at: edits.end)
            return edits.result
        }
        guard case .mapping(let animate) = animateNode else {
            throw reader.error("'animate' is not a mapping, so keys are not saved into it", at: animateNode, code: .notSaved)
        }
        var added: [Curve] = []
        for curve in curves {
            guard let existing = animate.first(where: { entry, _ in
                if case .scalar(let scalar) = entry { scalar.string == curve.name } else { false }
            })?.value else {
                added.append(curve)
                continue
            }
            var list = existing
            if case .mapping(let fields) = existing, let keys = fields["keys"] { list = keys }
            try rewrite(list, as: curve, in: &edits, reader: reader)
        }
        if !added.isEmpty { try ParameterWriteBack.add(entries(added), to: animate, in: &edits, reader: reader) }
        return edits.result
    }

    /// One written key: where its `[` and `]` are.
    private struct WrittenKey {
        var start: Int
        var end: Int
    }

    /// What becomes of each key written in the file and each key to write.
    private enum Step {
        case keep(old: Int)
        case replace(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    private static func rewrite(_ list: Yams.Node, as curve: Curve, in edits: inout TextEdits, reader: YAMLReader) throws(Diagnostic) {
        guard case .sequence(let items) = list, let mark = list.mark, let listStart = edits.offset(line: mark.line, column: mark.column) else {
            throw reader.error("the keys of \(curve.name) are not a list, so the edited ones are not saved over them", at: list, code: .notSaved)
        }
        guard items.count == curve.original.count else {
            throw reader.error("the keys of \(curve.name) changed in the file since it was read, so the edited ones are not saved over them",
                               at: list, code: .notSaved)
        }
        var written: [WrittenKey] = []
        for item in items {
            guard let itemMark = item.mark, let start = edits.offset(line: itemMark.line, column: itemMark.column),
                  edits.scalar(at: start) == "[", let close = edits.closingBracket(ofCollectionAt: start) else {
                throw reader.error("this key of \(curve.name) is not written [TIME, VALUE] on one line, so the edited keys are not saved",
                                   at: item, code: .notSaved)
            }
            written.append(WrittenKey(start: start, end: close + 1))
        }
        let steps = self.steps(from: curve.original, to: curve.keys)
        let text = { (new: Int) in KeyText.text(of: curve.keys[new], type: curve.type) }
        if edits.scalar(at: listStart) == "[" {
            rewriteFlow(written, steps: steps, text: text, in: &edits)
        } else {
            rewriteBlock(written, steps: steps, text: text, in: &edits)
        }
    }

    /// A block list, one `- [TIME, VALUE]` a line.
    private static func rewriteBlock(_ written: [WrittenKey], steps: [Step], text: (Int) -> String, in edits: inout TextEdits) {
        var anchor = edits.lineStart(ofOffset: written[0].start)
        var indent = ""
        while edits.scalar(at: anchor + indent.count) == " " { indent += " " }
        var anchorEndsFile = false
        var inserted: [String] = []
        // New keys go on lines of their own before the next key that stays, or after the last.
        func flush() {
            guard !inserted.isEmpty else { return }
            let lines = inserted.map { indent + "- " + $0 }
            edits.insert(anchorEndsFile ? "\n" + lines.joined(separator: "\n") : lines.map { $0 + "\n" }.joined(), at: anchor)
            inserted.removeAll()
        }
        for step in steps {
            switch step {
            case .insert(let new):
                inserted.append(text(new))
            case .keep(let old), .replace(let old, _), .delete(let old):
                flush()
                if case .replace(_, let new) = step {
                    edits.replace(at: written[old].start, length: written[old].end - written[old].start, with: text(new))
                }
                let lineEnd = edits.lineEnd(after: written[old].end)
                anchorEndsFile = edits.scalar(at: lineEnd) != "\n"
                anchor = anchorEndsFile ? lineEnd : lineEnd + 1
                if case .delete = step {
                    let lineStart = edits.lineStart(ofOffset: written[old].start)
                    edits.replace(at: lineStart, length: anchor - lineStart, with: "")
                }
            }
        }
        flush()
    }

    /// A flow list, `[[TIME, VALUE], …]`, on one line or several.
    private static func rewriteFlow(_ written: [WrittenKey], steps: [Step], text: (Int) -> String, in edits: inout TextEdits) {
        var deleted = Set<Int>()
        for case .delete(let old) in steps { deleted.insert(old) }
        // Each deleted key goes with the separator before it, back to the end of the last key that stays; the
        // leading ones, before any key that stays, with the separator after them.
        let firstStaying = written.indices.first { !deleted.contains($0) } ?? 0
        for old in written.indices where deleted.contains(old) {
            if old < firstStaying {
                edits.replace(at: written[old].start, length: written[old + 1].start - written[old].start, with: "")
            } else {
                edits.replace(at: written[old - 1].end, length: written[old].end - written[old - 1].end, with: "")
            }
        }
        var previousEnd: Int?
        var leading: [String] = []
        for step in steps {
            switch step {
            case .keep(let old), .replace(let old, _):
                if !leading.isEmpty {
                    edits.insert(leading.joined(separator: ", ") + ", ", at: written[old].start)
                    leading.removeAll()
                }
                if case .replace(_, let new) = step {
                    edits.replace(at: written[old].start, length: written[old].end - written[old].start, with: text(new))
                }
                previousEnd = written[old].end
            case .delete:
                break
            case .insert(let new):
                if let previousEnd {
                    edits.insert(", " + text(new), at: previousEnd)
                } else {
                    leading.append(text(new))
                }
            }
        }
    }

    /// The keys that stay (a longest common run of equal keys), the rest paired old with new in place where a
    /// stretch between two kept keys has both, so a key moved or retimed is rewritten where it stands.
    private static func steps(from old: [Keyframe], to new: [Keyframe]) -> [Step] {
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var steps: [Step] = []
        var deletes: [Int] = [], inserts: [Int] = []
        func pair() {
            let paired = min(deletes.count, inserts.count)
            steps += (0..<paired).map { Step.replace(old: deletes[$0], new: inserts[$0]) }
            steps += deletes.dropFirst(paired).map { Step.delete(old: $0) }
            steps += inserts.dropFirst(paired).map { Step.insert(new: $0) }
            deletes.removeAll()
            inserts.removeAll()
        }
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                pair()
                steps.append(.keep(old: i))
                i += 1
                j += 1
            } else if j < new.count, i == old.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                inserts.append(j)
                j += 1
            } else {
                deletes.append(i)
                i += 1
            }
        }
        pair()
        return steps
    }
}

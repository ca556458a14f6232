import ShaderLanguage
import Yams

/// Writes learned MIDI mappings into a composition's `controls:`, changing only those entries' text, as tuned
/// values are written (`ParameterWriteBack`): an entry the file has is rewritten in place, a new one joins the
/// mapping in its style, and a file with no `controls:` gains one at its end (inside the braces of a JSON one).
public enum ControlWriteBack {
    public static func write(_ mappings: [ControlMapping], into source: SourceText) throws(Diagnostic) -> String {
        let composed = try ComposedComposition(source, purpose: "to save MIDI controls into")
        let reader = composed.reader
        let json = source.path.lowercased().hasSuffix(".json")
        var edits = TextEdits(source)
        func key(_ mapping: ControlMapping) -> String { json ? "\"\(mapping.key)\"" : mapping.key }
        guard let controlsNode = composed.top["controls"] else {
            let entries = mappings.map { "\(key($0)): \($0.text(json: json))" }
            let top = composed.top
            if let mark = top.mark, let start = edits.offset(line: mark.line, column: mark.column), edits.scalar(at: start) == "{" {
                let field = json ? "\"controls\"" : "controls"
                try ParameterWriteBack.add(["\(field): { \(entries.joined(separator: ", ")) }"], to: top, in: &edits, reader: reader)
                return edits.result
            }
            let lines = entries.map { "  \($0)\n" }.joined()
            let endsLine = edits.end == 0 || edits.scalar(at: edits.end - 1) == "\n"
            edits.insert((endsLine ? "" : "\n") + "controls:\n" + lines, at: edits.end)
            return edits.result
        }
        guard case .mapping(let controls) = controlsNode else {
            throw reader.error("'controls' is not a mapping, so the learned controls are not saved into it", at: controlsNode, code: .notSaved)
        }
        var added: [String] = []
        for mapping in mappings {
            guard let existing = controls.first(where: { entry, _ in
                if case .scalar(let scalar) = entry { scalar.string == mapping.key } else { false }
            })?.value else {
                added.append("\(key(mapping)): \(mapping.text(json: json))")
                continue
            }
            guard let mark = existing.mark, let start = edits.offset(line: mark.line, column: mark.column), edits.scalar(at: start) == "{",
                  let close = edits.closingBracket(ofCollectionAt: start) else {
                throw reader.error("the control of \(mapping.key) is not written as { … } on one line, so the learned one is not saved over it",
                                   at: existing, code: .notSaved)
            }
            edits.replace(at: start, length: close + 1 - start, with: mapping.text(json: json))
        }
        if !added.isEmpty { try ParameterWriteBack.add(added, to: controls, in: &edits, reader: reader) }
        return edits.result
    }
}

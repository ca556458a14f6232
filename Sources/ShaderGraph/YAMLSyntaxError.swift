import ShaderLanguage
import Yams

/// Turns Yams' errors into located diagnostics with libyaml's own wording.
enum YAMLSyntaxError {
    static func diagnostic(for error: YamlError, in source: SourceText) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "YAML syntax error: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line))" }
            return source.error(message, line: mark.line, column: mark.column, code: .yamlSyntax)
        case .reader(let problem, let offset, _, _):
            let (line, column) = position(ofByte: offset ?? 0, in: source.text)
            return source.error("YAML cannot be read: \(problem)", line: line, column: column, code: .yamlSyntax)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicateKeys(duplicates, firstAt: context.mark, in: source)
        default:
            return source.error("YAML cannot be read: \(error)", line: 1, column: 1, code: .yamlSyntax)
        }
    }

    /// libyaml marks the first of the duplicated keys; point at the repeat too, which is usually the mistake.
    static func duplicateKeys(_ keys: [String], firstAt mark: Mark, in source: SourceText) -> Diagnostic {
        let key = keys.first ?? ""
        let names = keys.map { "'\($0)'" }.joined(separator: ", ")
        let first = source.location(line: mark.line, column: mark.column)
        // libyaml also breaks lines at a lone CR, which the source's lines do not: its mark can lie past them.
        guard let repeatLine = (min(mark.line, source.lines.count)..<source.lines.count).first(where: { index in
            let line = source.lines[index]
            let start = line.index(line.startIndex, offsetBy: min(max(mark.column - 1, 0), line.count))
            let rest = line[start...]
            return rest.hasPrefix(key) && rest.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":")
        }) else {
            return source.error("duplicate key \(names): each name may appear only once", line: mark.line, column: mark.column, code: .yamlSyntax)
        }
        var diagnostic = source.error("duplicate key \(names): each name may appear only once", line: repeatLine + 1, column: mark.column, code: .yamlSyntax)
        diagnostic.notes = [Diagnostic(.note, "'\(key)' is first defined here", at: first, sourceLine: source.line(first.line))]
        return diagnostic
    }

    static func position(ofByte offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// What a shader says about one of its parameters, in a comment after the uniform on the same line:
///
///     uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity"
///     uniform vec3 tint;              // default: [1, 0.9, 0.7]
///
/// The default is used wherever the composition sets no value (a shader opened on its own has every
/// parameter at its default); the range and label are for the controls that tune it.
public struct ParameterAnnotation: Hashable, Sendable {
    public var defaultValue: [Float]?
    public var minimum: [Float]?
    public var maximum: [Float]?
    public var label: String?

    static let keys = ["default", "range", "label"]

    /// Reads `comment` (the text after `//`, starting at `column` of `line`). A comment that does not open
    /// with one of the keys is an ordinary comment: nil. Once it does, every clause must be well formed.
    static func parse(_ comment: Substring, line: Int, column: Int, in source: SourceText) throws(Diagnostic) -> ParameterAnnotation? {
        let clauses = splitClauses(comment)
        guard let first = clauses.first, let key = keyOf(first.text), keys.contains(key) else { return nil }
        var annotation = ParameterAnnotation()
        for clause in clauses {
            let at = column + clause.offset
            guard let key = keyOf(clause.text), keys.contains(key) else {
                throw source.error("'\(clause.text.trimmed)' is not a parameter setting; use default:, range: or label:", line: line, column: at, code: .annotation)
            }
            let value = clause.text.drop { $0 != ":" }.dropFirst().trimmed
            switch key {
            case "default":
                annotation.defaultValue = try numbers(value, line: line, column: at, in: source)
            case "range":
                let ends = value.components(separatedBy: "...")
                guard ends.count == 2 else {
                    throw source.error("a range is written minimum...maximum, e.g. range: 0...1", line: line, column: at, code: .annotation)
                }
                annotation.minimum = try numbers(ends[0].trimmed, line: line, column: at, in: source)
                annotation.maximum = try numbers(ends[1].trimmed, line: line, column: at, in: source)
            default:
                annotation.label = value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2
                    ? String(value.dropFirst().dropLast()) : value
            }
        }
        return annotation
    }

    /// Clauses separated by commas outside brackets and quotes, with their offsets into the comment.
    private static func splitClauses(_ comment: Substring) -> [(text: String, offset: Int)] {
        var clauses: [(String, Int)] = []
        var current = ""
        var start = 0
        var depth = 0
        var quoted = false
        for (offset, character) in comment.enumerated() {
            if character == "\"" { quoted.toggle() }
            if !quoted && character == "[" { depth += 1 }
            if !quoted && character == "]" { depth -= 1 }
            if character == "," && depth == 0 && !quoted {
                clauses.append((current, start))
                current = ""
                start = offset + 1
            } else {
                current.append(character)
            }
        }
        clauses.append((current, start))
        return clauses
            .map { text, offset in (text.trimmed, offset + text.prefix { $0 == " " || $0 == "\t" }.count) }
            .filter { !$0.0.isEmpty }
    }

    private static func keyOf(_ clause: String) -> String? {
        guard let colon = clause.firstIndex(of: ":") else { return nil }
        return clause[..<colon].trimmed.lowercased()
    }

    /// A number, true or false, or a list of them in brackets.
    private static func numbers(_ text: String, line: Int, column: Int, in source: SourceText) throws(Diagnostic) -> [Float] {
        var body = Substring(text)
        if body.hasPrefix("[") && body.hasSuffix("]") { body = body.dropFirst().dropLast() }
        var values: [Float] = []
        for part in body.split(separator: ",") {
            switch part.trimmed.lowercased() {
            case "true": values.append(1)
            case "false": values.append(0)
            case let number:
                guard let value = Float(number), value.isFinite else {
                    throw source.error("'\(part.trimmed)' is not a number", line: line, column: column, code: .annotation)
                }
                values.append(value)
            }
        }
        guard !values.isEmpty else { throw source.error("a parameter setting needs a value", line: line, column: column, code: .annotation) }
        return values
    }
}

extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

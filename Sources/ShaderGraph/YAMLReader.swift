import ShaderLanguage
import Yams

/// Reads Yams nodes into typed values, turning every mismatch into a diagnostic at the node's place.
struct YAMLReader {
    let source: SourceText

    func location(of node: Yams.Node) -> SourceLocation {
        let mark = node.mark
        return source.location(line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func error(_ message: String, at node: Yams.Node, code: DiagnosticCode? = nil) -> Diagnostic {
        let location = location(of: node)
        return source.error(message, line: location.line, column: location.column, code: code)
    }

    /// A short, human name for what a node is, for "expected X, found Y" messages.
    func describe(_ node: Yams.Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if scalar.style == .plain {
                if scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return "nothing" }
                if number(scalar) != nil { return "the number \(scalar.string)" }
            }
            return "'\(scalar.string)'"
        }
    }

    func mapping(_ node: Yams.Node, what: String) throws(Diagnostic) -> Yams.Node.Mapping {
        guard case .mapping(let mapping) = node else {
            throw error("\(what) must be a mapping of keys to values, found \(describe(node))", at: node, code: .wrongValue)
        }
        return mapping
    }

    func string(_ node: Yams.Node, what: String) throws(Diagnostic) -> String {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && scalar.string.isEmpty) else {
            throw error("\(what) must be text, found \(describe(node))", at: node, code: .wrongValue)
        }
        return scalar.string
    }

    /// A plain scalar that reads as a number; quoted text never does.
    func number(_ scalar: Yams.Node.Scalar) -> Double? {
        guard scalar.style == .plain else { return nil }
        let text = scalar.string.replacingOccurrences(of: "_", with: "")
        if let value = Double(text), value.isFinite { return value }
        if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) }
        return nil
    }

    func boolean(_ scalar: Yams.Node.Scalar) -> Bool? {
        guard scalar.style == .plain else { return nil }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    func flag(_ node: Yams.Node, what: String) throws(Diagnostic) -> Bool {
        guard case .scalar(let scalar) = node, let value = boolean(scalar) else {
            throw error("\(what) must be true or false, found \(describe(node))", at: node, code: .wrongValue)
        }
        return value
    }

    func integer(_ node: Yams.Node, what: String, in range: ClosedRange<Int>) throws(Diagnostic) -> Int {
        guard case .scalar(let scalar) = node, let value = number(scalar), value == value.rounded(),
              let integer = Int(exactly: value), range.contains(integer)
        else {
            throw error("\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(describe(node))", at: node, code: .wrongValue)
        }
        return integer
    }

    /// `[width, height]`.
    func size(_ node: Yams.Node, what: String) throws(Diagnostic) -> PixelSize {
        guard case .sequence(let sequence) = node, sequence.count == 2 else {
            throw error("\(what) must be [width, height], found \(describe(node))", at: node, code: .wrongValue)
        }
        let side = 1...PixelSize.maximumSide
        let width = try integer(sequence[0], what: "the width", in: side)
        let height = try integer(sequence[1], what: "the height", in: side)
        let size = PixelSize(width: width, height: height)
        guard size.isWithinBudget else { throw error("\(what) \(size) is \(PixelSize.overBudget)", at: node, code: .wrongValue) }
        return size
    }

    /// The keys of a mapping, with an error for each one not in `allowed` (suggesting the closest).
    func checkKeys(_ mapping: Yams.Node.Mapping, allowed: [String], in what: String, into diagnostics: inout [Diagnostic]) {
        for (key, _) in mapping {
            let name = key.string ?? ""
            guard !allowed.contains(name) else { continue }
            var message = "unknown key '\(name)' in \(what)"
            if let suggestion = Spelling.closest(to: name, among: allowed) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; expected one of: \(allowed.joined(separator: ", "))"
            }
            diagnostics.append(error(message, at: key, code: .unknownKey))
        }
    }
}

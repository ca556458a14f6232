/// Text carried into generated code as string literals and comments, whatever bytes it holds: nothing in a
/// shader or a name can end a literal, start an interpolation or a trigraph, or close a comment early.
enum CodeLiteral {
    /// The longest string a C99 compiler must accept is 4095 bytes; a piece stays under it with room to spare.
    static let cPieceLimit = 4000

    /// A C string literal of `text`'s UTF-8 bytes: printable ASCII as itself except `"`, `\` and `?`
    /// (trigraphs), every other byte as a three-digit octal escape (so no following digit extends it).
    /// Long text is split into adjacent literals, one per source line.
    static func c(_ text: String) -> String {
        c(bytes: Array(text.utf8))
    }

    /// `bytes` as string literals of at most `cPieceLimit` bytes each, in order, for text longer than one C
    /// string may be (a shader handed to the driver in pieces). Pieces end at line ends where they can.
    static func cPieces(_ bytes: [UInt8]) -> [String] {
        var pieces: [String] = []
        var start = 0
        repeat {
            var end = min(start + cPieceLimit, bytes.count)
            if end < bytes.count, let lineEnd = bytes[start..<end].lastIndex(of: UInt8(ascii: "\n")) { end = lineEnd + 1 }
            pieces.append(c(bytes: Array(bytes[start..<end])))
            start = end
        } while start < bytes.count
        return pieces
    }

    private static func c(bytes: [UInt8]) -> String {
        var pieces: [String] = []
        var current = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): current += "\\\""
            case UInt8(ascii: "\\"): current += "\\\\"
            case UInt8(ascii: "?"): current += "\\?"
            case 0x20...0x7e: current.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                current += "\\" + String(byte, radix: 8).leftPadded(to: 3)
            }
            if byte == UInt8(ascii: "\n") {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces.map { "\"\($0)\"" }.joined(separator: "\n    ")
    }

    /// A Swift string literal: `"`, `\` and every character outside printable ASCII escaped, so `"""`,
    /// `\(` and raw delimiters are inert.
    static func swift(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result + "\""
    }

    /// One line of prose for a comment in either language: printable ASCII only (others become `?`), no
    /// line breaks, no `*/` or `/*`, no trailing backslash.
    static func comment(_ text: String) -> String {
        var line = String(String.UnicodeScalarView(text.unicodeScalars.map { (" "..."~").contains($0) ? $0 : "?" }))
        while line.contains("*/") || line.contains("/*") {
            line = line.replacingOccurrences("*/", with: "* /").replacingOccurrences("/*", with: "/ *")
        }
        while line.hasSuffix("\\") { line.removeLast() }
        return line
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }

    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

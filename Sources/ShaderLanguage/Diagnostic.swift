/// One problem found in a user's files: data, not printing. The app decides how to show it.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    /// Nil when the problem has no place in a file (a linker error that names no line, a missing GPU).
    public var location: SourceLocation?
    /// The text of the offending line, quoted under the message with a caret.
    public var sourceLine: String?
    /// Further places that explain this one ("first defined here", the rest of a cycle).
    public var notes: [Diagnostic]
    /// What kind of problem it is (`shaderbench explain SB4004`); nil for the driver's and glslang's words.
    public var code: DiagnosticCode?

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
        sourceLine: String? = nil, notes: [Diagnostic] = [], code: DiagnosticCode? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil,
                             code: DiagnosticCode? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, sourceLine: sourceLine, code: code)
    }

    /// A problem that does not stop the work (a value clamped, a camera that stopped), said as a warning.
    public static func warning(_ message: String, at location: SourceLocation? = nil, code: DiagnosticCode? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, code: code)
    }

    /// The message with its code after its first line, as gcc puts a warning's flag: `… [SB4004]`.
    public var codedMessage: String {
        code?.tagging(message) ?? message
    }

    /// The same problem, saying which node's shader it is in; on the message's first line, so it survives
    /// wherever only that line is shown. One that names its node already (a fused pass's member) keeps it.
    public func naming(node: String) -> Diagnostic {
        var named = self
        let tag = " [node '\(node)']"
        if message.split(separator: "\n", maxSplits: 1).first?.contains(" [node '") == true { return self }
        if let newline = message.firstIndex(of: "\n") {
            named.message.insert(contentsOf: tag, at: newline)
        } else {
            named.message += tag
        }
        return named
    }

    /// `file:line:col: error: message`, the first line of `rendered()`.
    public var description: String {
        if let location {
            return "\(location): \(severity.rawValue): \(codedMessage)"
        }
        return "\(severity.rawValue): \(codedMessage)"
    }

    /// The full terminal form: the headline, the quoted source line with a caret under the column, then notes.
    public func rendered() -> String {
        var lines = [description]
        if let sourceLine {
            let shown = sourceLine.replacingTabs()
            lines.append("    " + shown)
            if let column = location?.column, column > 0 {
                let caretOffset = sourceLine.displayWidth(ofFirst: column - 1)
                lines.append("    " + String(repeating: " ", count: caretOffset) + "^")
            }
        }
        for note in notes {
            lines.append(note.rendered())
        }
        return lines.joined(separator: "\n")
    }
}

/// Thrown when a piece of work stops on problems in the user's files; carries all of them, not the first.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map { $0.rendered() }.joined(separator: "\n")
    }
}

extension String {
    /// Tabs become four spaces so the caret line below stays aligned in any terminal.
    public func replacingTabs() -> String {
        String(flatMap { $0 == "\t" ? Array("    ") : [$0] })
    }

    /// How many terminal cells the first `count` characters take, tabs counted as four.
    public func displayWidth(ofFirst count: Int) -> Int {
        prefix(max(0, count)).reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
    }
}

/// A user's file held as text, with the line lookups that diagnostics need.
public struct SourceText: Sendable {
    /// The path as the user gave it, or as it resolves relative to the composition; used in messages.
    public let path: String
    public let text: String
    public let lines: [Substring]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
    }

    /// The text of line `number` (from 1), or nil past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }

    public func location(line: Int, column: Int = 0) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    /// An error at `line:column` of this file, quoting the line.
    public func error(_ message: String, line: Int, column: Int = 0) -> Diagnostic {
        .error(message, at: location(line: line, column: column), sourceLine: self.line(line))
    }
}

import Foundation

/// A user's file held as text, with the line lookups that diagnostics need.
public struct SourceText: Sendable {
    /// The path as the user gave it, or as it resolves relative to the composition; used in messages.
    public let path: String
    /// The text with every line break an LF, whichever the file uses (`LineBreaks`): what every reader reads.
    public let text: String
    /// The text exactly as the file holds it, line breaks included: what a write-back edits, so that a save
    /// changes nothing but what it writes.
    public let fileText: String
    public let lines: [Substring]
    /// For a text with its `#include`s expanded (`ShaderIncludes`): the file and line each line came from,
    /// so every location in it names the file the user must open.
    public private(set) var origins: [SourceLocation]?
    /// The files its `#include`s read, which are watched like it.
    public private(set) var includedFiles: [String] = []

    public init(path: String, text: String) {
        self.path = path
        self.fileText = text
        self.text = LineBreaks.unified(text)
        self.lines = self.text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// `path`'s text with its includes expanded: `lines` with the place each came from.
    init(path: String, expandedLines lines: [String], origins: [SourceLocation], includedFiles: [String]) {
        self.init(path: path, text: lines.joined(separator: "\n"))
        self.origins = origins
        self.includedFiles = includedFiles
    }

    /// The text of line `number` (from 1), or nil past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }

    /// Where line `number` of this text is in `edited`, the text after a save: the line with its text (ignoring
    /// indentation), nearest where it was, so lines added or removed above carry it along; nil when no line has
    /// that text any more.
    public func line(_ number: Int, followedTo edited: SourceText) -> Int? {
        guard let text = line(number)?.trimmingCharacters(in: .whitespaces) else { return nil }
        if edited.line(number)?.trimmingCharacters(in: .whitespaces) == text { return number }
        let candidates = edited.lines.indices.filter { edited.lines[$0].trimmingCharacters(in: .whitespaces) == text }
        return candidates.min { abs($0 + 1 - number) < abs($1 + 1 - number) }.map { $0 + 1 }
    }

    public func location(line: Int, column: Int = 0) -> SourceLocation {
        guard let origins, line >= 1, line <= origins.count else { return SourceLocation(file: path, line: line, column: column) }
        return SourceLocation(file: origins[line - 1].file, line: origins[line - 1].line, column: column)
    }

    /// An error at `line:column` of this file, quoting the line.
    public func error(_ message: String, line: Int, column: Int = 0, code: DiagnosticCode? = nil) -> Diagnostic {
        .error(message, at: location(line: line, column: column), sourceLine: self.line(line), code: code)
    }
}

import ShaderLanguage

/// Replacements in a text addressed the way libyaml addresses it (lines from 1, columns in Unicode scalars
/// from 1), applied together so that each keeps its place whatever the others do to the lengths. The text is
/// read with its line breaks made LF (`SourceText.text`), and the edits are made in the file's own text
/// (`fileText`), so a file with CR LF or CR breaks keeps them, in the lines it adds too.
struct TextEdits {
    private struct Edit {
        var offset: Int
        var length: Int
        var replacement: String
    }

    private let scalars: [Unicode.Scalar]
    /// The scalar offset at which each line starts.
    private let lineStarts: [Int]
    /// The file's own text, whose lines hold the same scalars as `scalars`' but for their breaks.
    private let fileScalars: [Unicode.Scalar]
    private let fileLineStarts: [Int]
    /// What ends each line an edit writes: the file's own break.
    private let lineBreak: String
    private var edits: [Edit] = []

    init(_ source: SourceText) {
        scalars = Array(source.text.unicodeScalars)
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        lineStarts = starts
        fileScalars = Array(source.fileText.unicodeScalars)
        var fileStarts = [0]
        for (offset, scalar) in fileScalars.enumerated() {
            let endsCRLF = scalar == "\r" && offset + 1 < fileScalars.count && fileScalars[offset + 1] == "\n"
            if (scalar == "\r" && !endsCRLF) || scalar == "\n" { fileStarts.append(offset + 1) }
        }
        fileLineStarts = fileStarts
        lineBreak = LineBreaks.first(in: source.fileText)
    }

    /// The end of the text, where an edit appends.
    var end: Int { scalars.count }

    /// The scalar offset of `line`:`column`; nil past the text's end.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= scalars.count ? offset : nil
    }

    /// The offset where `line` starts.
    func lineStart(_ line: Int) -> Int? {
        line >= 1 && line <= lineStarts.count ? lineStarts[line - 1] : nil
    }

    /// The offset where the line holding `offset` starts.
    func lineStart(ofOffset offset: Int) -> Int {
        var start = min(offset, scalars.count)
        while start > 0, scalars[start - 1] != "\n" { start -= 1 }
        return start
    }

    /// Whether `text` is written at `offset`.
    func reads(_ text: String, at offset: Int) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return offset + wanted.count <= scalars.count && Array(scalars[offset..<(offset + wanted.count)]) == wanted
    }

    /// The scalar at `offset`, nil past the end.
    func scalar(at offset: Int) -> Unicode.Scalar? {
        scalars.indices.contains(offset) ? scalars[offset] : nil
    }

    /// Where the line holding `offset` ends: the offset of its line break, or the text's end.
    func lineEnd(after offset: Int) -> Int {
        var end = offset
        while end < scalars.count, scalars[end] != "\n" { end += 1 }
        return end
    }

    /// Whether nothing but blanks and a comment follow `offset` on its line.
    func onlyCommentFollows(_ offset: Int) -> Bool {
        var position = offset
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" || scalars[position] == "\r" {
            position += 1
        }
        return position == scalars.count || scalars[position] == "\n" || scalars[position] == "#"
    }

    /// The offset of the `}` or `]` that closes the flow collection opened at `offset`, past nested
    /// collections, quoted text and comments; nil when the text ends first.
    func closingBracket(ofCollectionAt offset: Int) -> Int? {
        var depth = 0
        var position = offset
        while position < scalars.count {
            let scalar = scalars[position]
            switch scalar {
            case "{", "[":
                depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 { return position }
            case "\"", "'":
                position = endOfQuote(startingAt: position)
            case "#" where position == 0 || [" ", "\t", "\n"].contains(scalars[position - 1]):
                position = lineEnd(after: position)
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// The offset of the quote that closes the one at `start` (YAML doubles a single quote to escape it, and
    /// escapes with a backslash in double quotes).
    private func endOfQuote(startingAt start: Int) -> Int {
        let quote = scalars[start]
        var position = start + 1
        while position < scalars.count {
            if quote == "\"", scalars[position] == "\\" {
                position += 2
                continue
            }
            if scalars[position] == quote {
                if quote == "'", position + 1 < scalars.count, scalars[position + 1] == "'" {
                    position += 2
                    continue
                }
                return position
            }
            position += 1
        }
        return scalars.count
    }

    /// The offset just after the last character before `offset` that is not a blank or line break.
    func endOfContent(before offset: Int) -> Int {
        var position = offset
        while position > 0, [" ", "\t", "\n", "\r"].contains(scalars[position - 1]) { position -= 1 }
        return position
    }

    /// Where `offset` of the LF text falls in the file's own: the same column of the same line.
    private func fileOffset(of offset: Int) -> Int {
        let line = lineStarts.lastIndex { $0 <= offset } ?? 0
        return fileLineStarts[line] + offset - lineStarts[line]
    }

    mutating func replace(at offset: Int, length: Int, with replacement: String) {
        edits.append(Edit(offset: offset, length: length, replacement: replacement))
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(at: offset, length: 0, with: text)
    }

    /// The file's text with every edit made; edits at one offset keep the order they were made in.
    var result: String {
        var output = fileScalars
        let ordered = edits.enumerated().sorted { ($0.element.offset, $0.offset) > ($1.element.offset, $1.offset) }
        for (_, edit) in ordered {
            let replacement = edit.replacement.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineBreak)
            output.replaceSubrange(fileOffset(of: edit.offset)..<fileOffset(of: edit.offset + edit.length), with: replacement.unicodeScalars)
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: output)
        return String(text)
    }
}

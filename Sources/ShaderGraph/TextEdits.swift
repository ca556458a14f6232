/// Replacements in a text addressed the way libyaml addresses it (lines from 1, columns in Unicode scalars
/// from 1), applied together so that each keeps its place whatever the others do to the lengths.
struct TextEdits {
    private struct Edit {
        var offset: Int
        var length: Int
        var replacement: String
    }

    private let scalars: [Unicode.Scalar]
    /// The scalar offset at which each line starts.
    private let lineStarts: [Int]
    private var edits: [Edit] = []

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        lineStarts = starts
    }

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

    mutating func replace(at offset: Int, length: Int, with replacement: String) {
        edits.append(Edit(offset: offset, length: length, replacement: replacement))
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(at: offset, length: 0, with: text)
    }

    /// The text with every edit made; edits at one offset keep the order they were made in.
    var result: String {
        var output = scalars
        let ordered = edits.enumerated().sorted { ($0.element.offset, $0.offset) > ($1.element.offset, $1.offset) }
        for (_, edit) in ordered {
            output.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: edit.replacement.unicodeScalars)
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: output)
        return String(text)
    }
}

/// Fits text to a pixel width in a monospaced font, for compiler messages and status lines. Widths are
/// whole cells, so a line fits when its `FontAtlas.columns(of:)` is at most `width / font.advance`.
public enum TextLayout {
    /// Wraps text to `width` pixels at spaces and tabs, breaking words longer than a line. Each line break
    /// starts a new line and every paragraph gives at least one line (so "" gives [""] and "a\n\nb" gives
    /// ["a", "", "b"]). Whitespace where a line breaks is dropped and no line ends in whitespace; a
    /// paragraph's leading indentation is kept when it leaves room for a character. When not even one cell
    /// fits, each line holds one character, so wrapping always ends.
    public static func wrap(_ text: String, width: Int, font: FontAtlas) -> [String] {
        wrap(text, columns: width / max(font.advance, 1))
    }

    /// Cuts a line to fit `width` pixels, ending in "…" when cut (with whitespace before the "…" dropped).
    /// Text that fits comes back unchanged; when not even the "…" fits, the result is empty.
    public static func truncate(_ text: String, width: Int, font: FontAtlas) -> String {
        truncate(text, columns: width / max(font.advance, 1))
    }

    static let ellipsis: Character = "…"

    static func wrap(_ text: String, columns: Int) -> [String] {
        let limit = max(columns, 1)
        var lines: [String] = []
        // Character-wise, so "\r\n" (one Character) is one break, as are "\r" and "\n".
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrapParagraph(paragraph, limit: limit, into: &lines)
        }
        return lines
    }

    private static func isBreakingSpace(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    private static func wrapParagraph(_ paragraph: Substring, limit: Int, into lines: inout [String]) {
        let firstLine = lines.count
        var line = ""
        var lineColumns = 0
        var lineHasWord = false
        var gap = ""
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            if isBreakingSpace(paragraph[index]) {
                gap.append(paragraph[index])
                index = paragraph.index(after: index)
                continue
            }
            let wordEnd = paragraph[index...].firstIndex(where: isBreakingSpace) ?? paragraph.endIndex
            let word = paragraph[index..<wordEnd]
            index = wordEnd

            if lineHasWord {
                let gapEnd = lineColumns + MonospaceCells.columns(of: gap, from: lineColumns)
                let wordColumns = MonospaceCells.columns(of: word, from: gapEnd)
                if gapEnd + wordColumns <= limit {
                    line += gap
                    line += word
                    lineColumns = gapEnd + wordColumns
                    gap = ""
                    continue
                }
                lines.append(line)
                line = ""
                lineColumns = 0
                lineHasWord = false
            } else if lines.count == firstLine, let first = word.first {
                // Indentation stays only on the paragraph's first line, and only if a character fits after it.
                let indentColumns = MonospaceCells.columns(of: gap)
                if MonospaceCells.column(after: first, from: indentColumns) <= limit {
                    line = gap
                    lineColumns = indentColumns
                }
            }
            gap = ""

            // The word starts this line, and is broken wherever it reaches the limit.
            for character in word {
                let end = MonospaceCells.column(after: character, from: lineColumns)
                if end > limit, !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineColumns = 0
                }
                line.append(character)
                lineColumns = MonospaceCells.column(after: character, from: lineColumns)
                lineHasWord = true
            }
        }
        if lineHasWord || lines.count == firstLine {
            lines.append(lineHasWord ? line : "")
        }
    }

    static func truncate(_ text: String, columns: Int) -> String {
        guard MonospaceCells.columns(of: text) > columns else { return text }
        guard columns >= 1 else { return "" }
        var kept = ""
        var keptColumns = 0
        for character in text {
            let end = MonospaceCells.column(after: character, from: keptColumns)
            if end > columns - 1 { break }
            kept.append(character)
            keptColumns = end
        }
        while let last = kept.last, last.isWhitespace {
            kept.removeLast()
        }
        kept.append(ellipsis)
        return kept
    }
}

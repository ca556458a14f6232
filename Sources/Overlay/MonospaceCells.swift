/// How text occupies the cells of a monospaced font. Drawing, measuring and wrapping all go through here so
/// that a caret placed with `width(of:)` lands under the character drawn there.
///
/// One cell per `Character` (grapheme cluster), so "e" followed by a combining accent is one cell; a tab
/// runs to the next multiple of `tabWidth` cells from the start of the text, as an editor shows source; control
/// and format characters (newlines, carriage returns, zero-width joiners on their own) take no cells.
enum MonospaceCells {
    static let tabWidth = 4

    enum Kind {
        case visible
        case tab
        case invisible
    }

    static func kind(of character: Character) -> Kind {
        if character == "\t" { return .tab }
        guard let first = character.unicodeScalars.first else { return .invisible }
        switch first.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return .invisible
        default: return .visible
        }
    }

    /// The column after `character` when it starts at `column`.
    static func column(after character: Character, from column: Int) -> Int {
        switch kind(of: character) {
        case .visible: column + 1
        case .tab: (column / tabWidth + 1) * tabWidth
        case .invisible: column
        }
    }

    /// The columns `text` spans when it starts at `column` (0 for the start of a line).
    static func columns(of text: some StringProtocol, from column: Int = 0) -> Int {
        var end = column
        for character in text {
            end = self.column(after: character, from: end)
        }
        return end - column
    }
}

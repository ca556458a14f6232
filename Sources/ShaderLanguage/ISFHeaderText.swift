/// The JSON text of an ISF file's header: what stands between the `/*` that opens the file and the first
/// `*/`, with the place of each character in the file, so a problem in the header is reported where the
/// user sees it.
struct ISFHeaderText {
    let characters: [Character]
    /// Line and column in the file of each character, then of the comment's closing `*/`.
    private let places: [(line: Int, column: Int)]

    /// Top-level keys that only an ISF header has; a leading comment holding a JSON object with none of
    /// them is an ordinary comment.
    static let markerKeys = ["ISFVSN", "INPUTS", "CATEGORIES", "DESCRIPTION", "PASSES", "IMPORTED", "CREDIT", "VSN"]

    var text: String { String(characters) }

    /// The file's line and column of the character at `index` (the end of the comment past the last one).
    func place(of index: Int) -> (line: Int, column: Int) {
        places[min(max(0, index), places.count - 1)]
    }

    /// The index of the character where the UTF-8 encoding of `text` reaches `byteOffset`.
    func index(ofByteOffset byteOffset: Int) -> Int {
        var bytes = 0
        for (index, character) in characters.enumerated() {
            bytes += character.utf8.count
            if bytes > byteOffset { return index }
        }
        return characters.count
    }

    /// The header of `source`: nil unless the file opens, after blank space, with a `/* … */` comment whose
    /// text is a JSON object naming at least one ISF key.
    static func leading(in source: SourceText) -> ISFHeaderText? {
        var characters: [Character] = []
        var places: [(line: Int, column: Int)] = []
        var opened = false
        for (lineIndex, line) in source.lines.enumerated() {
            let lineCharacters = Array(line)
            var index = 0
            if !opened {
                while index < lineCharacters.count, lineCharacters[index] == " " || lineCharacters[index] == "\t" { index += 1 }
                if index == lineCharacters.count { continue }
                guard index + 1 < lineCharacters.count, lineCharacters[index] == "/", lineCharacters[index + 1] == "*" else { return nil }
                opened = true
                index += 2
            }
            while index < lineCharacters.count {
                if lineCharacters[index] == "*", index + 1 < lineCharacters.count, lineCharacters[index + 1] == "/" {
                    places.append((lineIndex + 1, index + 1))
                    let header = ISFHeaderText(characters: characters, places: places)
                    return header.looksLikeISF ? header : nil
                }
                characters.append(lineCharacters[index])
                places.append((lineIndex + 1, index + 1))
                index += 1
            }
            characters.append("\n")
            places.append((lineIndex + 1, lineCharacters.count + 1))
        }
        // No comment, or one that never closes: not a header (the driver reports the unclosed comment).
        return nil
    }

    private var looksLikeISF: Bool {
        guard characters.first(where: { !$0.isWhitespace }) == "{" else { return false }
        let text = self.text
        return Self.markerKeys.contains { text.contains("\"\($0)\"") }
    }
}

/// The JSON text of an ISF file's header: what stands between the `/*` and `*/` of its first comment that
/// holds ISF's JSON, with the place of each character in the file, so a problem in the header is reported
/// where the user sees it.
struct ISFHeaderText {
    let characters: [Character]
    /// Line and column in the file of each character, then of the comment's closing `*/`.
    private let places: [(line: Int, column: Int)]

    /// Top-level keys that only an ISF header has (with those of ossia score's compute shaders); a leading
    /// comment holding a JSON object with none of them is an ordinary comment.
    static let markerKeys = ["ISFVSN", "INPUTS", "CATEGORIES", "DESCRIPTION", "PASSES", "IMPORTED", "CREDIT", "VSN", "MODE", "RESOURCES"]

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

    /// The header of `source`: the first `/* … */` comment whose text is a JSON object naming at least one
    /// ISF key. VVISF takes the file's first `/*` to its first `*/`, so `//` lines may stand before the header;
    /// other comments before it are passed over too (a licence above the header). Nil when there is none.
    static func first(in source: SourceText) -> ISFHeaderText? {
        var characters: [Character] = []
        var places: [(line: Int, column: Int)] = []
        var inComment = false
        for (lineIndex, line) in source.lines.enumerated() {
            let lineCharacters = Array(line)
            var index = 0
            while index < lineCharacters.count {
                let pair = index + 1 < lineCharacters.count ? (lineCharacters[index], lineCharacters[index + 1]) : nil
                if !inComment {
                    if pair.map({ $0 == ("/", "/") }) == true { break }
                    if pair.map({ $0 == ("/", "*") }) == true {
                        inComment = true
                        index += 1
                    }
                    index += 1
                    continue
                }
                if pair.map({ $0 == ("*", "/") }) == true {
                    places.append((lineIndex + 1, index + 1))
                    let comment = ISFHeaderText(characters: characters, places: places)
                    if comment.looksLikeISF { return comment }
                    characters = []
                    places = []
                    inComment = false
                    index += 2
                    continue
                }
                characters.append(lineCharacters[index])
                places.append((lineIndex + 1, index + 1))
                index += 1
            }
            if inComment {
                characters.append("\n")
                places.append((lineIndex + 1, lineCharacters.count + 1))
            }
        }
        // A comment that never closes is not a header: the driver reports it.
        return nil
    }

    private var looksLikeISF: Bool {
        guard characters.first(where: { !$0.isWhitespace }) == "{" else { return false }
        let text = self.text
        return Self.markerKeys.contains { text.contains("\"\($0)\"") }
    }
}

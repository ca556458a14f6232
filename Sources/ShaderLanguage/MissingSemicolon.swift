/// A missing `;` is noticed by the parser only at the token after it, usually the first of the next line,
/// and Mesa reports it there: "syntax error, unexpected NEW_IDENTIFIER, expecting ',' or ';'". The mistake
/// is at the end of the code before that token, so that is where the user is sent.
enum MissingSemicolon {
    /// Whether the message is a parser saying it expected a `;` where it found something else.
    static func isReported(by message: String) -> Bool {
        guard message.hasPrefix("syntax error, unexpected "), let expecting = message.firstRange(of: ", expecting ") else { return false }
        // Bison lists what it expected as "A or B", or "A, B or C".
        return message[expecting.upperBound...].split(separator: " or ").flatMap { $0.split(separator: ", ") }.contains("';'")
    }

    /// Where the `;` belongs, for a token found at `line:column`: just after the last code before it, on
    /// the same line or an earlier one, passing over blank lines, comments and preprocessor lines. Nil
    /// when nothing but those comes before the token.
    static func place(beforeLine line: Int, column: Int, in source: SourceText) -> (line: Int, column: Int)? {
        var lastCode: (line: Int, column: Int)?
        var inBlockComment = false
        for number in 1...max(1, line) {
            guard let text = source.line(number) else { break }
            let characters = Array(text)
            let end = number == line ? min(max(0, column - 1), characters.count) : characters.count
            if !inBlockComment, characters.first(where: { $0 != " " && $0 != "\t" }) == "#" { continue }
            var index = 0
            while index < end {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if inBlockComment {
                    if characters[index] == "*", next == "/" {
                        inBlockComment = false
                        index += 1
                    }
                } else if characters[index] == "/", next == "/" {
                    break
                } else if characters[index] == "/", next == "*" {
                    inBlockComment = true
                    index += 1
                } else if characters[index] != " " && characters[index] != "\t" {
                    lastCode = (number, index + 2)
                }
                index += 1
            }
        }
        return lastCode
    }
}

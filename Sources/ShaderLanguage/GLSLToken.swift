/// A token of GLSL source with its place, enough to read declarations; not a compiler front end.
package struct GLSLToken: Equatable {
    package var text: String
    package var line: Int
    package var column: Int
}

package enum GLSLTokenizer {
    /// Splits source into identifiers, numbers and punctuation, skipping comments and preprocessor lines,
    /// which the driver's own preprocessor handles.
    package static func tokens(of source: SourceText) -> [GLSLToken] {
        var tokens: [GLSLToken] = []
        var inBlockComment = false
        var continuesDirective = false
        for (lineIndex, line) in source.lines.enumerated() {
            let characters = Array(line)
            var index = 0
            if !inBlockComment {
                let firstNonBlank = characters.firstIndex { $0 != " " && $0 != "\t" }
                if continuesDirective || (firstNonBlank.map { characters[$0] == "#" } ?? false) {
                    continuesDirective = characters.last == "\\"
                    continue
                }
            }
            while index < characters.count {
                let character = characters[index]
                if inBlockComment {
                    if character == "*", index + 1 < characters.count, characters[index + 1] == "/" {
                        inBlockComment = false
                        index += 2
                    } else {
                        index += 1
                    }
                    continue
                }
                if character == "/", index + 1 < characters.count {
                    if characters[index + 1] == "/" { break }
                    if characters[index + 1] == "*" {
                        inBlockComment = true
                        index += 2
                        continue
                    }
                }
                if character.isWhitespace {
                    index += 1
                    continue
                }
                let start = index
                if character.isLetter || character == "_" || character.isNumber {
                    while index < characters.count,
                          characters[index].isLetter || characters[index].isNumber || characters[index] == "_" || characters[index] == "." && character.isNumber {
                        index += 1
                    }
                } else {
                    index += 1
                }
                tokens.append(GLSLToken(text: String(characters[start..<index]), line: lineIndex + 1, column: start + 1))
            }
        }
        return tokens
    }
}

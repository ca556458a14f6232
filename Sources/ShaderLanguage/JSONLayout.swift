/// Where each key and value of a JSON document (an ISF header, a ShaderToy page) stands, and what kind of
/// value each is. Foundation decodes the values but tells neither where they are nor, when the text is malformed, what is wrong in
/// words a person can act on; this scan of the same text does both.
package struct JSONLayout {
    enum Kind {
        case object, array, string, number, boolean, null
    }

    /// A step from a value into one of its members (`key`) or items (`index`).
    package enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    package struct Value {
        /// Index of the value's first character in the text.
        package var start: Int
        var kind: Kind
    }

    /// Malformed JSON: what is wrong, at a character index of the text.
    package struct SyntaxError: Error {
        package var index: Int
        package var message: String
    }

    static let maximumNesting = 32

    package private(set) var values: [[Step]: Value] = [:]
    /// Index of each object member's key (its opening quote), by the path of the member's value.
    private(set) var keys: [[Step]: Int] = [:]

    /// Scans `text` as one JSON value. Trailing commas are accepted, as Foundation accepts them. `document`
    /// names the text in messages ("the header").
    package static func scan(_ text: [Character], document: String) throws(SyntaxError) -> JSONLayout {
        var scanner = Scanner(text: text, document: document)
        scanner.skipBlanks()
        try scanner.value(at: [])
        scanner.skipBlanks()
        if scanner.index < text.count {
            throw SyntaxError(index: scanner.index, message: "unexpected \(scanner.describeHere()) after the end of the JSON object; \(document) holds exactly one { … }")
        }
        return scanner.layout
    }

    private struct Scanner {
        let text: [Character]
        let document: String
        var index = 0
        var layout = JSONLayout()

        init(text: [Character], document: String) {
            self.text = text
            self.document = document
        }

        var current: Character? { index < text.count ? text[index] : nil }

        mutating func skipBlanks() {
            while let character = current, character.isWhitespace { index += 1 }
        }

        /// The character or word at the scan position, quoted for a message.
        func describeHere() -> String {
            guard let character = current else { return "end of \(document)" }
            if character.isLetter {
                let word = text[index...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return "'\(String(word))'"
            }
            return "'\(character)'"
        }

        mutating func value(at path: [Step]) throws(SyntaxError) {
            // The documents read here are a few levels deep; deeper nesting would only cost stack and memory
            // here and in Foundation's parser, which reads the text after this scan.
            guard path.count <= JSONLayout.maximumNesting else {
                throw SyntaxError(index: index, message: "\(document) nests more than \(JSONLayout.maximumNesting) levels deep")
            }
            let start = index
            guard let character = current else {
                throw SyntaxError(index: index, message: "\(document) ends where a value was expected")
            }
            let kind: Kind
            switch character {
            case "{":
                kind = .object
                try object(at: path)
            case "[":
                kind = .array
                try array(at: path)
            case "\"":
                kind = .string
                _ = try string()
            case "-", "+", ".", "0"..."9":
                kind = .number
                try number()
            case "'":
                throw SyntaxError(index: index, message: Self.singleQuotes)
            default:
                let word = String(text[index...].prefix { $0.isLetter })
                switch word {
                case "true", "false":
                    kind = .boolean
                case "null":
                    kind = .null
                default:
                    let hint = ["true", "false", "null"].first { !word.isEmpty && $0.hasPrefix(word.lowercased()) || $0 == word.lowercased() }
                        .map { "; did you mean \($0)?" } ?? "; a value is a string in double quotes, a number, true, false, null, [ … ] or { … }"
                    throw SyntaxError(index: index, message: "expected a value, found \(describeHere())\(hint)")
                }
                index += word.count
            }
            layout.values[path] = Value(start: start, kind: kind)
        }

        mutating func object(at path: [Step]) throws(SyntaxError) {
            let opening = index
            index += 1
            skipBlanks()
            if current == "}" { index += 1; return }
            var previousKey: String?
            while true {
                skipBlanks()
                if current == "}" && previousKey != nil { index += 1; return }
                guard current == "\"" else {
                    if current == nil { throw unclosed("object", opening: opening, closer: "}") }
                    if current == "'" { throw SyntaxError(index: index, message: Self.singleQuotes) }
                    throw SyntaxError(index: index, message: "expected a key in double quotes, found \(describeHere())")
                }
                let keyStart = index
                let key = try string()
                skipBlanks()
                guard current == ":" else {
                    throw SyntaxError(index: index, message: "expected ':' after the key \"\(key)\", found \(describeHere())")
                }
                index += 1
                skipBlanks()
                let memberPath = path + [.key(key)]
                layout.keys[memberPath] = keyStart
                try value(at: memberPath)
                previousKey = key
                skipBlanks()
                switch current {
                case ",": index += 1
                case "}": index += 1; return
                case nil: throw unclosed("object", opening: opening, closer: "}")
                case "\"": throw SyntaxError(index: index, message: "expected ',' between the value of \"\(key)\" and the next key")
                default: throw SyntaxError(index: index, message: "expected ',' or '}' after the value of \"\(key)\", found \(describeHere())")
                }
            }
        }

        mutating func array(at path: [Step]) throws(SyntaxError) {
            let opening = index
            index += 1
            skipBlanks()
            if current == "]" { index += 1; return }
            var count = 0
            while true {
                skipBlanks()
                if current == "]" && count > 0 { index += 1; return }
                if current == nil { throw unclosed("list", opening: opening, closer: "]") }
                try value(at: path + [.index(count)])
                count += 1
                skipBlanks()
                switch current {
                case ",": index += 1
                case "]": index += 1; return
                case nil: throw unclosed("list", opening: opening, closer: "]")
                case "{", "[", "\"":
                    throw SyntaxError(index: index, message: "expected ',' between item \(count) of the list and the next")
                default: throw SyntaxError(index: index, message: "expected ',' or ']' after item \(count) of the list, found \(describeHere())")
                }
            }
        }

        static let singleQuotes = "JSON strings are written in double quotes, not single quotes"

        func unclosed(_ what: String, opening: Int, closer: Character) -> SyntaxError {
            SyntaxError(index: opening, message: "this \(what) is never closed; a '\(closer)' is missing before the end of \(document)")
        }

        /// Reads a string, returning its text between the quotes as written (escapes validated, not decoded).
        mutating func string() throws(SyntaxError) -> String {
            let opening = index
            index += 1
            var text = ""
            while let character = current {
                switch character {
                case "\"":
                    index += 1
                    return text
                case "\n":
                    throw SyntaxError(index: opening, message: "this string is not closed before the end of the line; a '\"' is missing")
                case "\\":
                    let escape = index + 1 < self.text.count ? self.text[index + 1] : " "
                    if escape == "u" {
                        let start = index
                        let unit = try codeUnit()
                        if (0xDC00...0xDFFF).contains(unit) {
                            throw SyntaxError(index: start, message: "this \\u escape is the second half of a surrogate pair, without a first")
                        }
                        if (0xD800...0xDBFF).contains(unit) {
                            guard self.text[index...].starts(with: ["\\", "u"]), (0xDC00...0xDFFF).contains(try codeUnit()) else {
                                throw SyntaxError(index: start, message: "this \\u escape is the first half of a surrogate pair; the second, \\uDC00 to \\uDFFF, must follow")
                            }
                        }
                        text += String(self.text[start..<index])
                    } else if "\"\\/bfnrt".contains(escape) {
                        text += "\\\(escape)"
                        index += 2
                    } else {
                        throw SyntaxError(index: index, message: "'\\\(escape)' is not a JSON escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
                    }
                case "\t":
                    throw SyntaxError(index: index, message: "a tab inside a string must be written \\t")
                default:
                    text.append(character)
                    index += 1
                }
            }
            throw SyntaxError(index: opening, message: "this string is not closed; a '\"' is missing")
        }

        /// Reads a `\\uXXXX` escape at the scan position.
        mutating func codeUnit() throws(SyntaxError) -> Int {
            let end = min(index + 6, text.count)
            let digits = String(text[min(index + 2, end)..<end])
            guard text[index..<end].starts(with: ["\\", "u"]), digits.count == 4, digits.allSatisfy(\.isHexDigit),
                  let unit = Int(digits, radix: 16) else {
                throw SyntaxError(index: index, message: "'\\u' must be followed by four hexadecimal digits")
            }
            index = end
            return unit
        }

        /// JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, and a finite value.
        mutating func number() throws(SyntaxError) {
            let start = index
            let token = String(text[index...].prefix { $0.isASCII && ($0.isNumber || $0.isLetter || "+-.".contains($0)) })
            let characters = Array(token)
            var position = 0
            func digits() -> Int {
                let first = position
                while position < characters.count, characters[position].isNumber { position += 1 }
                return position - first
            }
            if position < characters.count, characters[position] == "-" { position += 1 }
            let integerStart = position
            let integerDigits = digits()
            var valid = integerDigits > 0 && !(integerDigits > 1 && characters[integerStart] == "0")
            if valid, position < characters.count, characters[position] == "." {
                position += 1
                valid = digits() > 0
            }
            if valid, position < characters.count, characters[position] == "e" || characters[position] == "E" {
                position += 1
                if position < characters.count, characters[position] == "+" || characters[position] == "-" { position += 1 }
                valid = digits() > 0
            }
            guard valid, position == characters.count else {
                throw SyntaxError(index: start, message: "'\(token)' is not a JSON number; numbers are written like 0, -2, 0.5 or 1e3")
            }
            guard let value = Double(token), value.isFinite else {
                throw SyntaxError(index: start, message: "\(token) is too large for a number")
            }
            index += characters.count
        }
    }
}

/// Reads the info logs GLSL compilers and linkers print, whatever the driver, into `CompilerMessage`s.
///
/// Each driver family has its own line shape:
///
/// | Family | Shape |
/// | --- | --- |
/// | Mesa (llvmpipe, iris, radeonsi, ...) | ``0:12(5): error: `foo' undeclared``, `preprocessor error:`, and `error: ...` with no place when linking |
/// | NVIDIA | `0(12) : error C1008: undefined variable "foo"`, per-stage `Fragment info` / `-----` headers in program logs |
/// | glslang lineage: AMD, Intel on Windows, Apple, Adreno, ANGLE | `ERROR: 0:12: 'foo' : undeclared identifier`, `ERROR: 0:? : ...`, `ERROR: 2 compilation errors.  No code generated.` |
/// | Older AMD | `ERROR: 0:12: error(#143) Undeclared identifier: foo` under a `... failed to compile with the following errors:` banner |
/// | ARM Mali | `0:12: L0002: Undeclared variable 'foo'`, `0:3: Warning: ...`, with or without an `ERROR: ` prefix |
///
/// Anything else that is not blank and not a known banner or summary becomes an error with no place,
/// so a driver nobody has seen yet still shows its words to the user.
public enum CompilerLogParser {
    /// Parses a whole info log. Blank lines, banners and "N compilation errors" summaries are dropped;
    /// an indented line that is not itself a message continues the message above it. Never traps, whatever the input.
    public static func parse(_ log: String) -> [CompilerMessage] {
        var messages: [CompilerMessage] = []
        // A blank line or banner closes the last message, so indented text after it is not glued onto an unrelated message.
        var lastMessageIsOpen = false

        for rawLine in log.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let characters = Array(rawLine)
            let text = trimmed(characters)
            if text.isEmpty || isBannerOrSummary(String(text)) {
                lastMessageIsOpen = false
                continue
            }

            if let parsed = parseMessageLine(text) {
                let message = parsed.message
                if message.sourceString == nil, message.line == nil, message.message.isEmpty {
                    // A bare "ERROR:" says nothing a user could act on.
                    lastMessageIsOpen = false
                    continue
                }
                // Mesa prints each overload candidate as its own line at the same place, indented after "error:".
                if parsed.bodyIsIndented, lastMessageIsOpen, let last = messages.last, last.isAtSamePlace(as: message) {
                    messages[messages.count - 1].message += "\n" + message.message
                } else {
                    messages.append(message)
                    lastMessageIsOpen = true
                }
                continue
            }

            let line = String(text)
            let startsIndented = characters.first.map(isIndentation) ?? false
            if startsIndented, lastMessageIsOpen, !messages.isEmpty {
                messages[messages.count - 1].message += "\n" + line
            } else {
                messages.append(CompilerMessage(severity: .error, message: line, quotedToken: quotedToken(in: text)))
                lastMessageIsOpen = true
            }
        }
        return messages
    }
}

// MARK: - Line shapes

/// A message line, plus whether its text started with extra indentation (how Mesa marks a continued message).
private struct ParsedLine {
    var message: CompilerMessage
    var bodyIsIndented: Bool
}

extension CompilerLogParser {
    private static func parseMessageLine(_ text: ArraySlice<Character>) -> ParsedLine? {
        parseMesa(text) ?? parseNVIDIA(text) ?? parseSeverityPrefixed(text) ?? parseBareLocation(text)
            ?? parseUnplacedLowercase(text)
    }

    /// `0:12(5): error: text`, `0:7(1): preprocessor error: text`.
    private static func parseMesa(_ text: ArraySlice<Character>) -> ParsedLine? {
        var cursor = Cursor(text)
        guard let sourceString = cursor.number(), cursor.take(":"),
            let line = cursor.number(), cursor.take("("),
            let column = cursor.number(), cursor.take(")"), cursor.take(":")
        else { return nil }
        cursor.skipSpaces()
        let kinds: [(String, Diagnostic.Severity)] = [
            ("preprocessor error", .error), ("preprocessor warning", .warning),
            ("error", .error), ("warning", .warning),
        ]
        guard let severity = cursor.takeFirst(of: kinds), cursor.take(":") else { return nil }
        return makeLine(severity, sourceString, line, column, body: cursor.rest, code: nil)
    }

    /// `0(12) : error C1008: text`, `(0) : fatal error C9999: text`.
    private static func parseNVIDIA(_ text: ArraySlice<Character>) -> ParsedLine? {
        var cursor = Cursor(text)
        let sourceString = cursor.number()
        guard cursor.take("("), let line = cursor.number(), cursor.take(")") else { return nil }
        cursor.skipSpaces()
        guard cursor.take(":") else { return nil }
        cursor.skipSpaces()
        let kinds: [(String, Diagnostic.Severity)] = [("fatal error", .error), ("error", .error), ("warning", .warning)]
        guard let severity = cursor.takeFirst(of: kinds) else { return nil }
        cursor.skipSpaces()
        let code = cursor.word()
        guard cursor.take(":") else { return nil }
        return makeLine(severity, sourceString, line, nil, body: cursor.rest, code: code)
    }

    /// `ERROR: 0:12: text` and its relatives: the glslang lineage (AMD, Intel on Windows, Apple, Adreno, ANGLE),
    /// older AMD's `error(#143)` codes, and Mali's codes when a driver puts the prefix in front of them.
    private static func parseSeverityPrefixed(_ text: ArraySlice<Character>) -> ParsedLine? {
        var cursor = Cursor(text)
        // Longest first, so "INTERNAL ERROR" is not read as an unknown word before "ERROR". "UNKOWN" is ANGLE's spelling.
        let prefixes: [(String, Diagnostic.Severity)] = [
            ("INTERNAL ERROR", .error), ("UNKOWN ERROR", .error), ("UNKNOWN ERROR", .error),
            ("UNIMPLEMENTED", .error), ("ERROR", .error), ("WARNING", .warning), ("NOTE", .note),
        ]
        guard var severity = cursor.takeFirst(of: prefixes), cursor.take(":") else { return nil }
        cursor.skipSpaces()
        let place = cursor.glslangPlace()
        var code: String?
        let afterPlace = cursor.index
        cursor.skipSpaces()
        if let (amdSeverity, amdCode) = cursor.amdCode() {
            severity = amdSeverity
            code = amdCode
        } else if let maliCode = cursor.maliCode() {
            code = maliCode
        } else {
            cursor.index = afterPlace
        }
        return makeLine(severity, place?.sourceString, place?.line, place?.column, body: cursor.rest, code: code)
    }

    /// Mali's bare `0:12: L0002: text`, `0:3: Warning: text` and `0:3: : note text`; also an unprefixed `0:12: text`.
    private static func parseBareLocation(_ text: ArraySlice<Character>) -> ParsedLine? {
        var cursor = Cursor(text)
        guard let sourceString = cursor.number(), cursor.take(":"),
            let line = cursor.number(), cursor.take(":")
        else { return nil }
        let afterPlace = cursor.index
        cursor.skipSpaces()
        var severity = Diagnostic.Severity.error
        var code: String?
        if cursor.take(":") {
            // Mali writes an empty code for notes.
            severity = .note
        } else if cursor.take("Warning:") {
            severity = .warning
        } else if let maliCode = cursor.maliCode() {
            code = maliCode
        } else {
            cursor.index = afterPlace
        }
        return makeLine(severity, sourceString, line, nil, body: cursor.rest, code: code)
    }

    /// `error: text` with no place: Mesa's and NVIDIA's linkers.
    private static func parseUnplacedLowercase(_ text: ArraySlice<Character>) -> ParsedLine? {
        var cursor = Cursor(text)
        let kinds: [(String, Diagnostic.Severity)] = [("error", .error), ("warning", .warning), ("note", .note)]
        guard let severity = cursor.takeFirst(of: kinds), cursor.take(":") else { return nil }
        return makeLine(severity, nil, nil, nil, body: cursor.rest, code: nil)
    }

    private static func makeLine(
        _ severity: Diagnostic.Severity, _ sourceString: Int?, _ line: Int?, _ column: Int?,
        body: ArraySlice<Character>, code: String?
    ) -> ParsedLine {
        let leadingBlanks = body.prefix(while: isIndentation).count
        let text = trimmed(body)
        let message = CompilerMessage(
            severity: severity,
            sourceString: sourceString,
            line: line == 0 ? nil : line,
            column: column == 0 ? nil : column,
            message: String(text),
            code: code,
            quotedToken: quotedToken(in: tokenSpan(of: text))
        )
        // One space separates "error:" from the text; more than that is a driver indenting a continuation.
        return ParsedLine(message: message, bodyIsIndented: leadingBlanks >= 2)
    }
}

// MARK: - Lines that are not messages

extension CompilerLogParser {
    /// NVIDIA's program logs head each stage's messages with these, underlined with dashes.
    private static let stageHeaders: Set<String> = [
        "Vertex info", "Fragment info", "Geometry info", "Tessellation control info",
        "Tessellation evaluation info", "Compute info", "Mesh info", "Task info", "Link info",
    ]

    private static func isBannerOrSummary(_ text: String) -> Bool {
        if stageHeaders.contains(text) { return true }
        if text.count >= 3, text.allSatisfy({ $0 == "-" }) { return true }
        // Older AMD drivers wrap every log in these, and print the second and third even when all went well.
        if text.hasSuffix("shader failed to compile with the following errors:") { return true }
        if text.hasSuffix("shader was successfully compiled to run on hardware.") { return true }
        if isAMDLinkSuccess(text) { return true }
        return isCompilationSummary(text)
    }

    /// "Vertex shader(s) linked, fragment shader(s) linked."
    private static func isAMDLinkSuccess(_ text: String) -> Bool {
        var body = Substring(text)
        if body.hasSuffix(".") { body = body.dropLast() }
        let parts = body.split(separator: ",").map { $0.trimmingPrefix(while: isIndentation) }
        return !parts.isEmpty && parts.allSatisfy { $0.hasSuffix("shader(s) linked") }
    }

    /// "ERROR: 2 compilation errors.  No code generated." and older AMD's "ERROR: error(#273) 1 compilation errors.  No code generated".
    private static func isCompilationSummary(_ text: String) -> Bool {
        var cursor = Cursor(ArraySlice(text))
        if cursor.take("ERROR:") || cursor.take("WARNING:") { cursor.skipSpaces() }
        if cursor.amdCode() != nil { cursor.skipSpaces() }
        guard cursor.number() != nil else { return false }
        let rest = String(cursor.rest)
        return rest.hasPrefix(" compilation error") && rest.contains("No code generated")
    }
}

// MARK: - Quoted tokens

extension CompilerLogParser {
    /// Where a message quotes the token it is about. Bison, behind Mesa's parser, also quotes the tokens it
    /// expected ("syntax error, unexpected NEW_IDENTIFIER, expecting ',' or ';'"); those are not in the
    /// line, so only the part naming what it found counts.
    private static func tokenSpan(of text: ArraySlice<Character>) -> ArraySlice<Character> {
        let found = Array("syntax error, unexpected "), expecting = Array(", expecting ")
        guard text.starts(with: found) else { return text }
        let rest = text.dropFirst(found.count)
        var index = rest.startIndex
        while index + expecting.count <= rest.endIndex {
            if rest[index..<(index + expecting.count)].elementsEqual(expecting) { return rest[..<index] }
            index += 1
        }
        return rest
    }

    /// The first non-empty quoted span: `` `foo' `` (Mesa), `'foo'` (glslang, Apple, Mali) or `"foo"` (NVIDIA, older AMD).
    /// A single quote only opens at the start of a word, so the apostrophe in "can't" is not taken for one.
    private static func quotedToken(in text: ArraySlice<Character>) -> String? {
        let characters = Array(text)
        // Once no closing quote of a kind lies ahead, none will for a later opener either; skipping that kind
        // keeps a long line of unmatched quotes linear.
        var unclosable: Set<Character> = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let closing: Int??
            switch character {
            case _ where unclosable.contains(character):
                closing = nil
            case "`":
                closing = firstIndex(of: "'", in: characters, after: index) { _ in true }
            case "\"":
                closing = firstIndex(of: "\"", in: characters, after: index) { _ in true }
            case "'" where index == 0 || !isWordCharacter(characters[index - 1]):
                closing = firstIndex(of: "'", in: characters, after: index) { next in
                    next.map { !isWordCharacter($0) } ?? true
                }
            default:
                closing = nil
            }
            // nil: not an opening quote here; .some(nil): an opening quote that nothing closes.
            guard let searched = closing else {
                index += 1
                continue
            }
            guard let closing = searched else {
                unclosable.insert(character)
                index += 1
                continue
            }
            if closing > index + 1 {
                return String(characters[(index + 1)..<closing])
            }
            // An empty '' is glslang saying "no token"; a later quote may still name one.
            index = closing + 1
        }
        return nil
    }

    /// The first `quote` after `start` whose following character (nil at the end) passes `accepts`.
    private static func firstIndex(
        of quote: Character, in characters: [Character], after start: Int, where accepts: (Character?) -> Bool
    ) -> Int? {
        var index = start + 1
        while index < characters.count {
            if characters[index] == quote {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if accepts(next) { return index }
            }
            index += 1
        }
        return nil
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

// MARK: - Characters

/// Spaces and tabs: what drivers indent continuation lines with.
private func isIndentation(_ character: Character) -> Bool {
    character == " " || character == "\t"
}

/// Whitespace, NUL (a log read with its terminator still attached ends with one)
/// and the byte-order mark a log saved to a file on Windows can start with.
private func isTrimmable(_ character: Character) -> Bool {
    character.isWhitespace || character == "\u{0}" || character == "\u{FEFF}"
}

private func trimmed(_ characters: some Collection<Character>) -> ArraySlice<Character> {
    let array = Array(characters)
    guard let first = array.firstIndex(where: { !isTrimmable($0) }),
        let last = array.lastIndex(where: { !isTrimmable($0) })
    else { return [] }
    return array[first...last]
}

private extension CompilerMessage {
    func isAtSamePlace(as other: CompilerMessage) -> Bool {
        severity == other.severity && sourceString == other.sourceString && line == other.line
            && column == other.column && line != nil
    }
}

// MARK: - Scanning

/// Reads a line left to right; every `take` either consumes what it matched or leaves the position unchanged.
private struct Cursor {
    let characters: ArraySlice<Character>
    var index: Int

    init(_ characters: ArraySlice<Character>) {
        self.characters = characters
        self.index = characters.startIndex
    }

    var rest: ArraySlice<Character> { characters[index...] }

    private var current: Character? { index < characters.endIndex ? characters[index] : nil }

    mutating func take(_ expected: String) -> Bool {
        var probe = index
        for character in expected {
            guard probe < characters.endIndex, characters[probe] == character else { return false }
            probe += 1
        }
        index = probe
        return true
    }

    /// Takes the first of `words` present here and returns its severity.
    mutating func takeFirst(of words: [(String, Diagnostic.Severity)]) -> Diagnostic.Severity? {
        words.first { take($0.0) }?.1
    }

    mutating func skipSpaces() {
        while let current, isIndentation(current) { index += 1 }
    }

    /// ASCII digits as an Int. At most nine, so a run of digits in garbage cannot overflow.
    mutating func number() -> Int? {
        var probe = index
        var value = 0
        while probe < characters.endIndex, let digit = asciiDigit(characters[probe]) {
            guard probe - index < 9 else { return nil }
            value = value * 10 + digit
            probe += 1
        }
        guard probe > index else { return nil }
        index = probe
        return value
    }

    /// Letters and digits, such as NVIDIA's "C1008"; nil when there are none.
    mutating func word() -> String? {
        let start = index
        while let current, current.isASCII, current.isLetter || current.isNumber { index += 1 }
        return index > start ? String(characters[start..<index]) : nil
    }

    /// The place after a glslang-style prefix: "0:12:", ":47:" (no source string), "0:? :" (ANGLE without a line),
    /// or "0:536:33" / "0:12:5:" with a column.
    mutating func glslangPlace() -> (sourceString: Int?, line: Int?, column: Int?)? {
        let start = index
        let sourceString = number()
        guard take(":") else {
            index = start
            return nil
        }
        var line: Int?
        if take("?") {
            skipSpaces()
        } else if let number = number() {
            line = number
        } else {
            index = start
            return nil
        }
        guard take(":") else {
            index = start
            return nil
        }
        var column: Int?
        let beforeColumn = index
        if let number = number() {
            if take(":") || current.map(isIndentation) == true {
                column = number
            } else {
                index = beforeColumn
            }
        }
        return (sourceString, line == 0 ? nil : line, column == 0 ? nil : column)
    }

    /// Older AMD's "error(#143)" or "warning(#7)", which also carries the real severity.
    mutating func amdCode() -> (Diagnostic.Severity, String)? {
        let start = index
        let kinds: [(String, Diagnostic.Severity)] = [("error", .error), ("warning", .warning)]
        guard let severity = takeFirst(of: kinds), take("(#"), let number = number(), take(")") else {
            index = start
            return nil
        }
        return (severity, "#\(number)")
    }

    /// Mali's one capital letter and four digits, followed by a colon: "L0002:", "P0005:", "S0001:".
    mutating func maliCode() -> String? {
        let start = index
        guard let letter = current, letter.isASCII, letter.isUppercase else { return nil }
        index += 1
        var digits = 0
        while let current, asciiDigit(current) != nil, digits < 4 {
            index += 1
            digits += 1
        }
        guard digits == 4, take(":") else {
            index = start
            return nil
        }
        return String(characters[start..<(index - 1)])
    }
}

private func asciiDigit(_ character: Character) -> Int? {
    guard let value = character.asciiValue, value >= 48, value <= 57 else { return nil }
    return Int(value - 48)
}

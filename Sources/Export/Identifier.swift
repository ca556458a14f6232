/// Names for generated code, made from whatever a composition calls things: only ASCII letters, digits and
/// `_`, never a keyword, never starting with a digit, and unique within their scope.
struct Identifier {
    enum Language {
        case swift, c
    }

    /// Words each language reserves, including ones that would shadow what generated code uses.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "async", "consume", "copy", "discard", "each", "borrowing", "consuming", "macro", "package", "some", "any",
        "Type", "Protocol", "actor", "nonisolated", "isolated", "lazy", "weak", "unowned", "mutating", "override",
        "convenience", "dynamic", "final", "indirect", "optional", "required", "get", "set", "willSet", "didSet",
        "String", "Int", "Float", "Double", "Bool", "UInt32", "SIMD2", "SIMD3", "SIMD4", "Error",
    ]

    static let cKeywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
        "_Complex", "_Imaginary", "bool", "true", "false", "NULL", "main", "errno", "assert", "alignas", "alignof",
        "asm", "fortran", "typeof", "size_t", "graph", "values", "value", "message", "x", "y", "z", "w",
    ]

    /// Words of `text`: runs of ASCII letters and digits; everything else separates them.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for scalar in text.unicodeScalars {
            let isLetterOrDigit = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            guard isLetterOrDigit else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            let isUpper = ("A"..."Z").contains(scalar)
            // camelCase splits too, so `targetColor` becomes target + Color.
            if isUpper && previousWasLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `snake_case` for C: lower-case words joined by `_`; `fallback` when nothing usable is left.
    static func snake(_ text: String, fallback: String) -> String {
        let joined = words(of: text).map { $0.lowercased() }.joined(separator: "_")
        return joined.isEmpty ? fallback : joined
    }

    /// `UpperCamelCase` for a Swift type or a member's suffix.
    static func upperCamel(_ text: String, fallback: String) -> String {
        let joined = words(of: text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.isEmpty ? fallback : joined
    }

    /// `lowerCamelCase` for a Swift property.
    static func lowerCamel(_ text: String, fallback: String) -> String {
        let upper = upperCamel(text, fallback: fallback)
        return upper.prefix(1).lowercased() + upper.dropFirst()
    }

    /// A standalone identifier: `lead` goes in front of one starting with a digit, `_` after a keyword.
    static func standalone(_ name: String, in language: Language, lead: String) -> String {
        var name = name
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = lead + name }
        let keywords = language == .swift ? swiftKeywords : cKeywords
        if keywords.contains(name) { name += "_" }
        return name
    }
}

/// Hands out names unique within one scope: a name already taken gets `_2`, `_3`, … (or `2`, `3` in Swift).
struct IdentifierScope {
    private var taken: Set<String>
    private let separator: String

    init(reserved: Set<String>, separator: String) {
        taken = reserved
        self.separator = separator
    }

    mutating func claim(_ name: String) -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(name)\(separator)\(number)"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }
}

/// Variables declared without an initialiser read zero, as WebGL requires its hosts to make them (ANGLE's
/// "initialize uninitialized locals", and its globals). ShaderToy, GLSL Sandbox and The Book of Shaders run in
/// browsers, ISF's editor too, and Bonzomatic's desktop drivers zero them in practice, so their shaders rely on
/// it: `vec4 d, i;`, `float n = 3., i, t;`, `for (int i; i++ < 15;)`, a global `float g;` read before any
/// assignment. GLSL ES leaves such a variable undefined, and on Mesa it reads garbage. Plain GLSL ES and
/// GPUImage-style shaders, whose hosts promise nothing, keep their text as written.
///
/// Each declarator of a scalar, vector or matrix without `=` gains ` = TYPE(0)` after its name, on its own line,
/// so every line keeps its number (columns after the insertion shift, as the compiler log parser allows for).
/// Arrays and structs are left as they are: GLSL ES 1.00 has no initialiser for an array, and a struct's
/// constructor needs every member.
package enum ZeroInitialisation {
    package static func applies(to dialect: ShaderDialect) -> Bool {
        dialect != .glsl
    }

    /// `lines`, the text of `source` line for line, with an initialiser after each variable declared without one.
    package static func lines(_ lines: [String], of source: SourceText) -> [String] {
        var result = lines
        let insertions = self.insertions(in: GLSLTokenizer.tokens(of: source))
        // From the end of each line backwards, so earlier columns stay where they were.
        for insertion in insertions.sorted(by: { ($0.line, $0.column) > ($1.line, $1.column) }) where result.indices.contains(insertion.line - 1) {
            var characters = Array(result[insertion.line - 1])
            guard insertion.column <= characters.count else { continue }
            characters.insert(contentsOf: insertion.text, at: insertion.column)
            result[insertion.line - 1] = String(characters)
        }
        return result
    }

    /// Where an initialiser goes: after the character at `column` (1-based) of `line`.
    struct Insertion {
        var line: Int
        var column: Int
        var text: String
    }

    /// The types whose zero is `TYPE(0)`.
    static let zeroableTypes: Set<String> = [
        "float", "int", "uint", "bool", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4", "uvec2", "uvec3", "uvec4",
        "bvec2", "bvec3", "bvec4", "mat2", "mat3", "mat4", "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4",
        "mat4x2", "mat4x3", "mat4x4",
    ]

    /// Qualifiers a zeroed variable may carry.
    static let allowedQualifiers: Set<String> = ["highp", "mediump", "lowp", "invariant", "precise"]

    /// Words that open a declaration that is not a variable of the shader's own: inputs, outputs, constants
    /// (which must have an initialiser anyway), blocks and precision statements.
    static let otherDeclarations: Set<String> = [
        "uniform", "in", "out", "inout", "varying", "attribute", "const", "buffer", "shared", "layout", "precision", "struct",
        "flat", "smooth", "noperspective", "centroid",
    ]

    static func insertions(in tokens: [GLSLToken]) -> [Insertion] {
        var insertions: [Insertion] = []
        // Whether each open brace is code (a function's body or a block inside one), not a struct or block.
        var blocks: [Bool] = []
        var statementStarts = true
        var index = 0
        while index < tokens.count {
            let text = tokens[index].text
            let inCode = blocks.last ?? false
            switch text {
            case "{":
                blocks.append(inCode || (blocks.isEmpty && index > 0 && tokens[index - 1].text == ")"))
                statementStarts = true
                index += 1
                continue
            case "}":
                if !blocks.isEmpty { blocks.removeLast() }
                statementStarts = true
                index += 1
                continue
            case ";":
                statementStarts = true
                index += 1
                continue
            default:
                break
            }
            if inCode, text == "for", index + 1 < tokens.count, tokens[index + 1].text == "(" {
                // The loop's first clause may declare its counter; the rest are expressions.
                if let declaration = declaration(at: index + 2, in: tokens) { insertions += declaration.insertions }
                index = closing(from: index + 1, in: tokens) ?? tokens.count
                statementStarts = true
                continue
            }
            if statementStarts && (inCode || blocks.isEmpty), let declaration = declaration(at: index, in: tokens) {
                insertions += declaration.insertions
                index = declaration.end
                continue
            }
            statementStarts = false
            index += 1
        }
        return insertions
    }

    /// The declaration of variables starting at `start`, up to its `;` (`end`), with the initialisers its
    /// declarators lack; nil when the tokens there are no such declaration.
    static func declaration(at start: Int, in tokens: [GLSLToken]) -> (end: Int, insertions: [Insertion])? {
        var index = start
        while index < tokens.count, allowedQualifiers.contains(tokens[index].text) { index += 1 }
        guard index < tokens.count, !otherDeclarations.contains(tokens[index].text), zeroableTypes.contains(tokens[index].text) else { return nil }
        let type = tokens[index].text
        index += 1
        var insertions: [Insertion] = []
        while true {
            guard index < tokens.count, isName(tokens[index].text) else { return nil }
            let name = tokens[index]
            index += 1
            var isArray = false
            if index < tokens.count, tokens[index].text == "[" {
                guard let end = closing(from: index, in: tokens) else { return nil }
                isArray = true
                index = end + 1
            }
            guard index < tokens.count else { return nil }
            if tokens[index].text == "=" {
                guard let end = initialiserEnd(from: index + 1, in: tokens) else { return nil }
                index = end
            } else if tokens[index].text == "," || tokens[index].text == ";" {
                if !isArray { insertions.append(Insertion(line: name.line, column: name.column - 1 + name.text.count, text: " = \(type)(0)")) }
            } else {
                // A function's name, a constructor's call or something else this reading does not follow.
                return nil
            }
            guard index < tokens.count else { return nil }
            if tokens[index].text == ";" { return (index + 1, insertions) }
            guard tokens[index].text == "," else { return nil }
            index += 1
        }
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return !zeroableTypes.contains(text) && !otherDeclarations.contains(text) && !allowedQualifiers.contains(text)
    }

    /// The index of the token that closes the bracket at `open`.
    static func closing(from open: Int, in tokens: [GLSLToken]) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The `,` or `;` that ends an initialiser starting at `start`, outside its brackets.
    static func initialiserEnd(from start: Int, in tokens: [GLSLToken]) -> Int? {
        var depth = 0
        for index in start..<tokens.count {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth < 0 { return nil }
            case ",", ";":
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

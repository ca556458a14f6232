/// The statements at file scope of a GLSL shader, read from its tokens: what each declares and which tokens
/// it spans, enough to rename what a shader declares and to take its inputs and output apart
/// (`ShaderFusion`). Not a parser: anything it does not recognise makes it give up (nil).
struct GLSLFileScope {
    enum Kind: Equatable {
        /// `precision mediump float;`
        case precision
        /// An interpolated input (`varying`, or `in` in GLSL ES 3.00).
        case varying
        /// `uniform TYPE NAME;`
        case uniform(String)
        /// A GLSL ES 3.00 fragment output (`out vec4 NAME;`).
        case output(String)
        /// A function's definition or prototype.
        case function(String)
        /// Variables, constants and structures.
        case declaration
    }

    struct Statement {
        var kind: Kind
        /// Its tokens, the closing `;` or `}` included.
        var range: ClosedRange<Int>
        /// The tokens of `layout(…)` and of the storage qualifier: what turns an output into a variable.
        var qualifierTokens: [Int]
    }

    private(set) var statements: [Statement] = []
    /// Every name declared at file scope: functions, variables, constants, uniforms, structures, outputs
    /// (not the varyings, which the vertex stage names).
    private(set) var declaredNames: Set<String> = []
    /// Tokens inside the braces of a structure's members, whose names are fields, not file-scope names.
    private(set) var structBodies: Set<Int> = []

    private static let qualifiers: Set<String> = [
        "const", "uniform", "varying", "attribute", "in", "out", "inout", "invariant", "flat", "smooth", "centroid",
        "highp", "mediump", "lowp", "precision", "struct", "layout",
    ]

    init?(_ tokens: [GLSLToken]) {
        var index = 0
        while index < tokens.count {
            guard let statement = Self.statement(at: index, in: tokens, names: &declaredNames, structBodies: &structBodies) else { return nil }
            statements.append(statement)
            index = statement.range.upperBound + 1
        }
    }

    /// The statement starting at token `start`.
    private static func statement(at start: Int, in tokens: [GLSLToken], names: inout Set<String>, structBodies: inout Set<Int>) -> Statement? {
        var qualifierTokens: [Int] = []
        var storage: String?
        var index = start
        // Qualifiers first: layout(…), then words such as uniform, out, const, highp.
        while index < tokens.count {
            let text = tokens[index].text
            if text == "layout", index + 1 < tokens.count, tokens[index + 1].text == "(" {
                guard let close = matching(from: index + 1, in: tokens) else { return nil }
                qualifierTokens += Array(index...close)
                index = close + 1
            } else if qualifiers.contains(text), text != "struct" {
                if ["uniform", "varying", "attribute", "in", "out"].contains(text) {
                    storage = text
                    qualifierTokens.append(index)
                }
                if text == "precision" {
                    guard let end = tokens[index...].firstIndex(where: { $0.text == ";" }) else { return nil }
                    return Statement(kind: .precision, range: start...end, qualifierTokens: [])
                }
                index += 1
            } else {
                break
            }
        }
        guard index < tokens.count else { return nil }
        // A structure: its members' names are fields.
        var declaratorStart = index
        if tokens[index].text == "struct" {
            var open = index + 1
            if open < tokens.count, tokens[open].text != "{" {
                names.insert(tokens[open].text)
                open += 1
            }
            guard open < tokens.count, tokens[open].text == "{", let close = matching(from: open, in: tokens) else { return nil }
            structBodies.formUnion(open...close)
            declaratorStart = close + 1
        } else {
            declaratorStart = index + 1 // past the type
            // An array type (`float[3] weights;`).
            if declaratorStart < tokens.count, tokens[declaratorStart].text == "[" {
                guard let close = matching(from: declaratorStart, in: tokens) else { return nil }
                declaratorStart = close + 1
            }
        }
        guard declaratorStart < tokens.count else { return nil }
        if storage == nil, tokens[declaratorStart].text != ";", declaratorStart + 1 < tokens.count, tokens[declaratorStart + 1].text == "(" {
            // A function: NAME ( parameters ) then { body } or ;
            let name = tokens[declaratorStart].text
            names.insert(name)
            guard let close = matching(from: declaratorStart + 1, in: tokens), close + 1 < tokens.count else { return nil }
            if tokens[close + 1].text == ";" { return Statement(kind: .function(name), range: start...(close + 1), qualifierTokens: []) }
            guard tokens[close + 1].text == "{", let end = matching(from: close + 1, in: tokens) else { return nil }
            return Statement(kind: .function(name), range: start...end, qualifierTokens: [])
        }
        // Declarators up to `;`: NAME, NAME[N], NAME = initialiser, separated by commas at the outer level.
        var declared: [String] = []
        var position = declaratorStart
        var expectsName = true
        var depth = 0
        while position < tokens.count {
            let text = tokens[position].text
            if text == "{" && depth == 0 { return nil } // an interface block
            if text == "(" || text == "[" { depth += 1 }
            if text == ")" || text == "]" { depth -= 1 }
            if depth == 0 && text == ";" { break }
            if depth == 0 && text == "," { expectsName = true } else if expectsName, depth == 0 {
                guard text.first.map({ $0.isLetter || $0 == "_" }) == true else { return nil }
                declared.append(text)
                expectsName = false
            }
            position += 1
        }
        guard position < tokens.count else { return nil }
        let kind: Kind
        switch storage {
        case "varying", "in", "attribute": kind = .varying
        case "uniform":
            guard declared.count == 1 else { return nil }
            kind = .uniform(declared[0])
        case "out":
            guard declared.count == 1 else { return nil }
            kind = .output(declared[0])
        default: kind = .declaration
        }
        if kind != .varying { names.formUnion(declared) }
        return Statement(kind: kind, range: start...position, qualifierTokens: qualifierTokens)
    }

    /// The index of the bracket that closes the one at `open`.
    private static func matching(from open: Int, in tokens: [GLSLToken]) -> Int? {
        let pairs = ["(": ")", "[": "]", "{": "}"]
        guard let closing = pairs[tokens[open].text] else { return nil }
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].text == tokens[open].text { depth += 1 }
            if tokens[index].text == closing {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

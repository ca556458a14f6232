/// A custom uniform of VS Code's Shader Toy extension, as its README writes one (experimental there):
/// `#iUniform float amount = 1.0 in { 0.0, 5.0 } step 0.2`, of type `float`, `vec2` … `vec4`, `int`, `ivec2` …
/// `ivec4` or `color3` (a `vec3` the extension edits as a colour). It is a parameter of the shader like a declared
/// uniform with a `// default: …, range: …` comment: its value, else the minimum of its range, is its default. A
/// value is a number or its type's constructor (`vec3(1.0, 0.5, 0.0)`, `color3(1.0)`); one number stands for
/// every component, as the extension repeats it. Its `step` is read and not used: the panel's controls move
/// freely.
public struct VSCodeShaderToyUniform: Sendable {
    public var name: String
    public var type: GLSLType
    public var annotation: ParameterAnnotation
    /// Where its name is written in the shader's text.
    var line: Int
    var column: Int

    /// What the driver is given in the directive's place.
    var declaration: String { "uniform \(type) \(name);" }

    /// The extension's type names and the GLSL types they declare.
    static let types: [String: GLSLType] = [
        "float": .float, "vec2": .vec2, "vec3": .vec3, "vec4": .vec4, "color3": .vec3,
        "int": .int, "ivec2": .ivec2, "ivec3": .ivec3, "ivec4": .ivec4,
    ]
}

extension VSCodeShaderToyDirectives.Line {
    /// `TYPE NAME [= VALUE] [in { MINIMUM, MAXIMUM }] [step STEP]`, after `#iUniform`.
    mutating func readUniform() throws(Diagnostic) -> VSCodeShaderToyUniform {
        skipBlanks()
        let typeColumn = position
        let typeName = identifier()
        guard let type = VSCodeShaderToyUniform.types[typeName], let components = type.componentCount else {
            throw error("#iUniform takes a type of float, vec2, vec3, vec4, int, ivec2, ivec3, ivec4 or color3, not '\(typeName)'", at: typeColumn)
        }
        skipBlanks()
        let nameColumn = position
        let name = identifier()
        guard let first = name.first, first.isLetter || first == "_" else {
            throw error("#iUniform \(typeName) takes the uniform's name next", at: nameColumn)
        }
        var annotation = ParameterAnnotation()
        skipBlanks()
        if next("=") {
            annotation.defaultValue = try value(of: typeName, components: components)
            skipBlanks()
        }
        if identifierFollows("in") {
            _ = identifier()
            skipBlanks()
            guard next("{") else { throw error("a range is written in { MINIMUM, MAXIMUM }", at: position) }
            annotation.minimum = try value(of: typeName, components: components)
            skipBlanks()
            guard next(",") else { throw error("a range is written in { MINIMUM, MAXIMUM }", at: position) }
            annotation.maximum = try value(of: typeName, components: components)
            skipBlanks()
            guard next("}") else { throw error("a range is written in { MINIMUM, MAXIMUM }", at: position) }
            skipBlanks()
        }
        if identifierFollows("step") {
            _ = identifier()
            _ = try value(of: typeName, components: components)
        }
        guard let defaultValue = annotation.defaultValue ?? annotation.minimum else {
            throw error("#iUniform \(typeName) \(name) needs a value or a range, which the extension takes its default from", at: nameColumn)
        }
        annotation.defaultValue = defaultValue
        return VSCodeShaderToyUniform(name: name, type: type, annotation: annotation, line: number, column: nameColumn + 1)
    }

    /// A number, or `typeName(NUMBER, …)` with one number or one per component: `components` numbers.
    private mutating func value(of typeName: String, components: Int) throws(Diagnostic) -> [Float] {
        skipBlanks()
        let column = position
        if let number = literal() { return Array(repeating: number, count: components) }
        let constructor = identifier()
        skipBlanks()
        guard constructor == typeName, next("(") else {
            throw error("a value of an #iUniform \(typeName) is a number or \(typeName)(…)", at: column)
        }
        var numbers: [Float] = []
        repeat {
            skipBlanks()
            guard let number = literal() else { throw error("\(typeName)(…) takes numbers", at: position) }
            numbers.append(number)
            skipBlanks()
        } while next(",")
        guard next(")") else { throw error("\(typeName)(…) is closed by ')'", at: position) }
        guard numbers.count == 1 || numbers.count == components else {
            throw error("\(typeName)(…) takes 1 or \(components) numbers, found \(numbers.count)", at: column)
        }
        return numbers.count == 1 ? Array(repeating: numbers[0], count: components) : numbers
    }

    /// A number as GLSL writes one (`-1.5`, `2.`, `.5`, `3e-2`), or nil, reading nothing.
    private mutating func literal() -> Float? {
        var end = position
        if end < characters.count, characters[end] == "-" || characters[end] == "+" { end += 1 }
        while end < characters.count, characters[end].isNumber || characters[end] == "." || characters[end] == "e" || characters[end] == "E"
                || ((characters[end] == "-" || characters[end] == "+") && (characters[end - 1] == "e" || characters[end - 1] == "E")) {
            end += 1
        }
        guard let value = Float(String(characters[position..<end])) else { return nil }
        position = end
        return value
    }

    /// Reads `character` when it comes next.
    private mutating func next(_ character: Character) -> Bool {
        guard position < characters.count, characters[position] == character else { return false }
        position += 1
        return true
    }

    /// Whether the word `word` comes next, reading nothing.
    private func identifierFollows(_ word: String) -> Bool {
        let end = position + word.count
        guard end <= characters.count, String(characters[position..<end]) == word else { return false }
        return end == characters.count || !(characters[end].isLetter || characters[end].isNumber || characters[end] == "_")
    }
}

import Foundation

/// The `WIDTH` or `HEIGHT` of an ISF pass: arithmetic over `$WIDTH` and `$HEIGHT` (the size the node renders
/// at) and `$NAME` for the value of a number-like input, such as `"floor($WIDTH / $cellSize)"`. Parsed when
/// the header is read, so a mistake is reported at once; evaluated each frame, since inputs change.
///
/// Numbers, `+ - * / %`, `^` (power), unary minus, parentheses, and the functions `abs`, `ceil`, `floor`,
/// `round`, `sqrt`, `pow(x, y)`, `min(a, b, …)` and `max(a, b, …)`.
public struct ISFSizeExpression: Hashable, Sendable, CustomStringConvertible {
    /// The expression as written in the header.
    public let text: String
    private let root: Node

    /// A mistake in the text, at a character offset into it.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var offset: Int
        public var message: String
    }

    /// The variables every size expression may use, besides inputs.
    public static let renderWidth = "WIDTH"
    public static let renderHeight = "HEIGHT"

    private indirect enum Node: Hashable, Sendable {
        case number(Double)
        case variable(String)
        case negate(Node)
        case binary(Character, Node, Node)
        case call(String, [Node])
    }

    private static let functions: [String: ClosedRange<Int>] = [
        "abs": 1...1, "ceil": 1...1, "floor": 1...1, "round": 1...1, "sqrt": 1...1,
        "pow": 2...2, "min": 2...Int.max, "max": 2...Int.max,
    ]

    /// Longer expressions, or ones nested deeper, are refused: evaluating them would recurse as deep as they
    /// nest, and no size needs more.
    static let maximumLength = 1000
    static let maximumNesting = 64

    /// Parses `text`; `inputs` are the names `$NAME` may refer to besides `$WIDTH` and `$HEIGHT`.
    public init(parsing text: String, inputs: [String]) throws(SyntaxError) {
        guard text.count <= Self.maximumLength else {
            throw SyntaxError(offset: Self.maximumLength, message: "the size expression is longer than \(Self.maximumLength) characters")
        }
        var parser = Parser(characters: Array(text), variables: [Self.renderWidth, Self.renderHeight] + inputs)
        self.text = text
        root = try parser.parseWhole()
    }

    /// The expression's value, with `$WIDTH` and `$HEIGHT` from `renderSize` and each input from `inputs`
    /// (an input missing there counts as 0).
    public func evaluate(renderSize: PixelSize, inputs: [String: Double] = [:]) -> Double {
        Self.evaluate(root) { name in
            switch name {
            case Self.renderWidth: Double(renderSize.width)
            case Self.renderHeight: Double(renderSize.height)
            default: inputs[name] ?? 0
            }
        }
    }

    /// The side in pixels a pass target gets: the value rounded down, at least 1, at most the largest side
    /// a texture may have; a value that is not a number (0 / 0) gives 1.
    public func pixels(renderSize: PixelSize, inputs: [String: Double] = [:]) -> Int {
        let value = evaluate(renderSize: renderSize, inputs: inputs)
        guard !value.isNaN else { return 1 }
        return Int(min(max(value.rounded(.down), 1), Double(PixelSize.maximumSide)))
    }

    public var description: String { text }

    /// The `$NAME`s it reads, `WIDTH` and `HEIGHT` among them.
    public var variables: Set<String> {
        Self.variables(in: root)
    }

    private static func variables(in node: Node) -> Set<String> {
        switch node {
        case .number: []
        case .variable(let name): [name]
        case .negate(let operand): variables(in: operand)
        case .binary(_, let left, let right): variables(in: left).union(variables(in: right))
        case .call(_, let arguments): arguments.reduce(into: []) { $0.formUnion(variables(in: $1)) }
        }
    }

    private static func evaluate(_ node: Node, _ variable: (String) -> Double) -> Double {
        switch node {
        case .number(let value):
            return value
        case .variable(let name):
            return variable(name)
        case .negate(let operand):
            return -evaluate(operand, variable)
        case .binary(let operation, let left, let right):
            let a = evaluate(left, variable), b = evaluate(right, variable)
            switch operation {
            case "+": return a + b
            case "-": return a - b
            case "*": return a * b
            case "/": return a / b
            case "%": return fmod(a, b)
            default: return pow(a, b)
            }
        case .call(let name, let arguments):
            let values = arguments.map { evaluate($0, variable) }
            switch name {
            case "abs": return abs(values[0])
            case "ceil": return values[0].rounded(.up)
            case "floor": return values[0].rounded(.down)
            case "round": return values[0].rounded()
            case "sqrt": return values[0].squareRoot()
            case "pow": return pow(values[0], values[1])
            case "min": return values.min() ?? 0
            default: return values.max() ?? 0
            }
        }
    }

    /// The expression in C, over doubles: `variable` writes each `$NAME`. Exported code evaluates sizes
    /// with it when the app resizes.
    public func cExpression(variable: (String) -> String) -> String {
        Self.c(root, variable)
    }

    private static func c(_ node: Node, _ variable: (String) -> String) -> String {
        switch node {
        case .number(let value):
            return "\(value)"
        case .variable(let name):
            return variable(name)
        case .negate(let operand):
            return "(-\(c(operand, variable)))"
        case .binary(let operation, let left, let right):
            let a = c(left, variable), b = c(right, variable)
            switch operation {
            case "%": return "fmod(\(a), \(b))"
            case "^": return "pow(\(a), \(b))"
            default: return "(\(a) \(operation) \(b))"
            }
        case .call(let name, let arguments):
            let values = arguments.map { c($0, variable) }
            switch name {
            case "abs": return "fabs(\(values[0]))"
            case "min", "max":
                return values.dropFirst().reduce(values[0]) { "f\(name)(\($0), \($1))" }
            default: return "\(name)(\(values.joined(separator: ", ")))"
            }
        }
    }

    /// Recursive descent, loosest binding first: sums, products, powers (right-associative), signs, atoms.
    private struct Parser {
        let characters: [Character]
        let variables: [String]
        var index = 0
        /// How many signs, parentheses and powers enclose the current position.
        var nesting = 0

        init(characters: [Character], variables: [String]) {
            self.characters = characters
            self.variables = variables
        }

        mutating func parseWhole() throws(SyntaxError) -> Node {
            skipBlanks()
            guard index < characters.count else { throw SyntaxError(offset: 0, message: "the size expression is empty") }
            let node = try sum()
            skipBlanks()
            if index < characters.count {
                throw SyntaxError(offset: index, message: "unexpected '\(characters[index])' in the size expression")
            }
            return node
        }

        mutating func skipBlanks() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        mutating func take(_ operators: String) -> Character? {
            skipBlanks()
            guard index < characters.count, operators.contains(characters[index]) else { return nil }
            index += 1
            return characters[index - 1]
        }

        mutating func sum() throws(SyntaxError) -> Node {
            var node = try product()
            while let operation = take("+-") { node = .binary(operation, node, try product()) }
            return node
        }

        mutating func product() throws(SyntaxError) -> Node {
            var node = try signed()
            while let operation = take("*/%") { node = .binary(operation, node, try signed()) }
            return node
        }

        /// Every way of nesting (signs, parentheses, calls, powers) passes through here, so the depth is kept here.
        mutating func signed() throws(SyntaxError) -> Node {
            nesting += 1
            defer { nesting -= 1 }
            guard nesting <= ISFSizeExpression.maximumNesting else {
                throw SyntaxError(offset: index, message: "the size expression nests more than \(ISFSizeExpression.maximumNesting) deep")
            }
            if let sign = take("+-") {
                let operand = try signed()
                return sign == "-" ? .negate(operand) : operand
            }
            return try power()
        }

        mutating func power() throws(SyntaxError) -> Node {
            let base = try atom()
            guard take("^") != nil else { return base }
            return .binary("^", base, try signed())
        }

        mutating func atom() throws(SyntaxError) -> Node {
            skipBlanks()
            guard index < characters.count else {
                throw SyntaxError(offset: index, message: "the size expression ends where a number, $WIDTH, $HEIGHT or an input was expected")
            }
            let start = index
            let character = characters[index]
            if character == "(" {
                index += 1
                let inner = try sum()
                guard take(")") != nil else { throw SyntaxError(offset: start, message: "this '(' is never closed") }
                return inner
            }
            if character.isNumber || character == "." {
                var end = index
                while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
                if end < characters.count, characters[end] == "e" || characters[end] == "E" {
                    end += 1
                    if end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
                    while end < characters.count, characters[end].isNumber { end += 1 }
                }
                let text = String(characters[index..<end])
                guard let value = Double(text) else { throw SyntaxError(offset: start, message: "'\(text)' is not a number") }
                index = end
                return .number(value)
            }
            if character == "$" {
                index += 1
                let name = identifier()
                guard variables.contains(name) else {
                    let hint = Spelling.closest(to: name, among: variables).map { "; did you mean $\($0)?" }
                        ?? "; use $WIDTH, $HEIGHT or a number-like input's name"
                    throw SyntaxError(offset: start, message: name.isEmpty ? "'$' must be followed by a name" : "unknown variable '$\(name)'\(hint)")
                }
                return .variable(name)
            }
            let name = identifier()
            guard !name.isEmpty else {
                throw SyntaxError(offset: start, message: "unexpected '\(character)' in the size expression")
            }
            if variables.contains(name) {
                throw SyntaxError(offset: start, message: "variables are written with a '$': $\(name)")
            }
            guard let arity = ISFSizeExpression.functions[name] else {
                let known = ISFSizeExpression.functions.keys.sorted()
                let hint = Spelling.closest(to: name, among: known).map { "; did you mean \($0)?" } ?? "; the functions are \(known.joined(separator: ", "))"
                throw SyntaxError(offset: start, message: "unknown function '\(name)'\(hint)")
            }
            guard take("(") != nil else { throw SyntaxError(offset: index, message: "expected '(' after '\(name)'") }
            var arguments = [try sum()]
            while take(",") != nil { arguments.append(try sum()) }
            guard take(")") != nil else { throw SyntaxError(offset: index, message: "expected ',' or ')' in the arguments of '\(name)'") }
            guard arity.contains(arguments.count) else {
                let expected = arity.upperBound == Int.max ? "at least \(arity.lowerBound)" : "\(arity.lowerBound)"
                throw SyntaxError(offset: start, message: "'\(name)' takes \(expected) argument\(arity.lowerBound == 1 && arity.upperBound == 1 ? "" : "s"), found \(arguments.count)")
            }
            return .call(name, arguments)
        }

        mutating func identifier() -> String {
            let name = String(characters[index...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            index += name.count
            return name
        }
    }
}

import ShaderLanguage

/// A number a compute node's composition gives for its size or its work groups: a whole number, or an
/// expression as an ISF pass's size is, over `$WIDTH` and `$HEIGHT`, `$WIDTH_name` and `$HEIGHT_name` (the size of
/// the image wired to input `name`) and `$name` (the value of the kernel's uniform `name`). Evaluated when the
/// node is bound, so a parameter it reads builds the node again when it changes.
public enum ComputeCount: Sendable, Equatable, CustomStringConvertible {
    case number(Int)
    case expression(ISFSizeExpression)

    /// As the composition writes it.
    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .expression(let expression): "\"\(expression.text)\""
        }
    }

    /// The names an expression of a kernel with these image inputs and uniforms may read besides `$WIDTH` and
    /// `$HEIGHT`.
    static func variables(inputs: [String], uniforms: [String]) -> [String] {
        inputs.flatMap { ["WIDTH_\($0)", "HEIGHT_\($0)"] } + uniforms
    }

    /// Its value with `$WIDTH` and `$HEIGHT` from `size`, the others from `measures`; rounded down.
    func value(size: PixelSize, measures: [String: Double]) -> Double {
        switch self {
        case .number(let number): Double(number)
        case .expression(let expression): expression.evaluate(renderSize: size, inputs: measures).rounded(.down)
        }
    }

    /// The uniforms it reads, which a change of must bind the node again.
    var uniformsRead: Set<String> {
        guard case .expression(let expression) = self else { return [] }
        return expression.variables.subtracting([ISFSizeExpression.renderWidth, ISFSizeExpression.renderHeight])
            .filter { !$0.hasPrefix("WIDTH_") && !$0.hasPrefix("HEIGHT_") }
    }
}

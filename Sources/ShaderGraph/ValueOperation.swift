/// Arithmetic on values, component by component; a one-number operand applies to every component.
public struct ValueOperation: Sendable {
    public enum Operator: String, CaseIterable, Sendable {
        /// values: the sum of every operand.
        case add
        /// values: the product of every operand.
        case multiply
        /// a, b, t: a + (b − a)·t.
        case mix
        /// value, min, max.
        case clamp
        /// value, factor: an exponential moving average over frames; factor 0 follows at once, 0.9 slowly.
        case smooth
    }

    public var operation: Operator
    /// Operands by role (`values` for add and multiply are named `0`, `1`, …).
    public var operands: [(role: String, operand: Operand)]
    /// How many numbers the result has; settled once the whole composition is loaded.
    public var componentCount: Int = 1

    public init(operation: Operator, operands: [(role: String, operand: Operand)]) {
        self.operation = operation
        self.operands = operands
    }

    public func operand(_ role: String) -> Operand? {
        operands.first { $0.role == role }?.operand
    }

    /// The roles each operator takes, in order.
    public static func roles(of operation: Operator) -> [String] {
        switch operation {
        case .add, .multiply: ["values"]
        case .mix: ["a", "b", "t"]
        case .clamp: ["value", "min", "max"]
        case .smooth: ["value", "factor"]
        }
    }
}

/// An input of a value operation: numbers written in the composition, or another node's value.
public enum Operand: Sendable {
    case literal([Float])
    case wire(Wire)

    var isLiteral: Bool {
        if case .literal = self { true } else { false }
    }
}

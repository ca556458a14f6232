/// A value operation with its operands resolved: literal numbers or other steps' values, in role order.
public struct OperationPlan: Sendable {
    public var operation: ValueOperation.Operator
    public var componentCount: Int
    /// Every operand for add and multiply; for the others one per role of `ValueOperation.roles(of:)`, nil
    /// where the composition leaves it out (it reads as 0).
    public var operands: [PlannedValue?]

    init(_ operation: ValueOperation, index: [String: Int]) {
        self.operation = operation.operation
        componentCount = operation.componentCount
        switch operation.operation {
        case .add, .multiply:
            operands = operation.operands.map { PlannedValue($0.operand, index: index) }
        case .mix, .clamp, .smooth:
            operands = ValueOperation.roles(of: operation.operation).map { role in
                operation.operand(role).map { PlannedValue($0, index: index) }
            }
        }
    }
}

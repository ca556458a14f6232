import ShaderGraph
import ShaderLanguage

/// An operation node: arithmetic on numbers written in the composition and other steps' values, component by
/// component.
struct OperationStep: BoundStep {
    let operation: OperationPlan

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .operation(let operation) = planned.work else { return (nil, binding.renderSize) }
        return (OperationStep(operation: operation), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        operation.evaluate(into: &frame.values, at: index)
    }

    func initialValue(for node: Node, held: [Float]?) -> [Float] {
        // A smoothed value starts from its first input, not from zero: it starts empty.
        guard operation.operation != .smooth else { return [] }
        if case .value(let components) = node.output { return [Float](repeating: 0, count: components) }
        return []
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        operation.operands.compactMap { operand in
            if case .step(let source, _)? = operand { motions[source] } else { nil }
        }.max() ?? .still
    }
}

private extension OperationPlan {
    /// One component of an operand; a one-number operand stands for every component, a missing one is 0.
    func value(_ operand: PlannedValue?, _ component: Int, in values: [[Float]]) -> Float {
        let numbers: [Float]
        switch operand {
        case .literal(let literal): numbers = literal
        case .step(let slot, let components):
            numbers = components.isEmpty ? values[slot] : components.map { values[slot].indices.contains($0) ? values[slot][$0] : 0 }
        case nil: return 0
        }
        guard !numbers.isEmpty else { return 0 }
        return numbers.count == 1 ? numbers[0] : numbers[min(component, numbers.count - 1)]
    }

    func evaluate(into values: inout [[Float]], at slot: Int) {
        var result = values[slot]
        let first = result.count != componentCount
        if first { result = [Float](repeating: 0, count: componentCount) }
        for component in 0..<componentCount {
            func operand(_ position: Int) -> Float {
                value(operands.indices.contains(position) ? operands[position] : nil, component, in: values)
            }
            switch operation {
            case .add: result[component] = operands.reduce(0) { $0 + value($1, component, in: values) }
            case .multiply: result[component] = operands.reduce(1) { $0 * value($1, component, in: values) }
            case .mix:
                let a = operand(0), b = operand(1)
                result[component] = a + (b - a) * operand(2)
            case .clamp:
                result[component] = min(max(operand(0), operand(1)), operand(2))
            case .smooth:
                // The previous result is this slot's own last value; the factor is the share it keeps.
                let factor = first ? 0 : min(max(operand(1), 0), 1)
                result[component] = result[component] * factor + operand(0) * (1 - factor)
            }
        }
        values[slot] = result
    }
}

import ShaderGraph

/// The numbers a graph's value steps make, frame by frame: constants, the clock, oscillators, reductions,
/// arithmetic, and what the pointer and keys say. Indexed by step, sized once.
struct FrameValues {
    /// The pointer and keys as the window last saw them, for `mouse`, `key`, `pick` and `drag` steps.
    struct Interaction {
        /// x, y in texture coordinates of the output (from the top-left), and 1 while the left button is held.
        var pointer: SIMD3<Float>
        var keysHeld: Set<String>
        /// Where the left button went down and up since the last frame.
        var press: SIMD2<Float>?
        var release: SIMD2<Float>?
    }

    private(set) var numbers: [[Float]]
    /// Where each drag step's drag began: the pointer's x and the value then.
    private var dragStarts: [Int: (x: Float, value: Float)] = [:]

    /// Each step starts from its constant or initial value; picked colours and dragged numbers from where
    /// the last graph left them (`held`).
    init(_ plan: FramePlan, steps: [ExecutableStep], held: (String) -> [Float]?) {
        numbers = zip(plan.steps, steps).map { planned, step in
            switch step.work {
            case .constant(let numbers): numbers
            // A smoothed value starts from its first input, not from zero: it starts empty.
            case .operation(let operation) where operation.operation == .smooth: []
            case .pick(let pick, _): held(planned.node.name) ?? pick.initial
            case .drag(let drag): held(planned.node.name) ?? [drag.initial]
            default:
                if case .value(let components) = planned.node.output { [Float](repeating: 0, count: components) } else { [] }
            }
        }
    }

    subscript(step: Int) -> [Float] {
        numbers[step]
    }

    /// Works out a value step's numbers for this frame. Returns the numbers the user has just set by
    /// pointing (a pick, a drag), which outlive the graph; nil otherwise and for image steps.
    mutating func compute(_ work: ExecutableStep.Work, at index: Int, seconds: Double, images: [RenderTarget?],
                          interaction: Interaction) -> [Float]? {
        switch work {
        case .time:
            if !numbers[index].isEmpty { numbers[index][0] = Float(seconds) }
        case .reduction(let reduction, let input):
            if let image = images[input] { numbers[index] = reduction.measure(image) }
        case .operation(let operation):
            operation.evaluate(into: &numbers, at: index)
        case .oscillator(let oscillator):
            numbers[index][0] = oscillator.value(at: seconds)
        case .mouse:
            let pointer = interaction.pointer
            numbers[index] = [pointer.x, pointer.y, pointer.z]
        case .key(let key):
            numbers[index][0] = interaction.keysHeld.contains(key) ? 1 : 0
        case .pick(_, let input):
            guard let press = interaction.press, let image = images[input] else { return nil }
            numbers[index] = image.readPixel(x: Int(press.x * Float(image.size.width)), y: Int(press.y * Float(image.size.height)))
            return numbers[index]
        case .drag(let drag):
            if let press = interaction.press { dragStarts[index] = (press.x, numbers[index][0]) }
            defer { if interaction.release != nil { dragStarts[index] = nil } }
            // A drag can start and end between two frames; the release says where it ended.
            let pointer = interaction.pointer
            guard let start = dragStarts[index], let x = interaction.release?.x ?? (pointer.z > 0 ? pointer.x : nil) else { return nil }
            numbers[index][0] = min(max(start.value + (x - start.x) * drag.scale, drag.range.lowerBound), drag.range.upperBound)
            return numbers[index]
        case .constant, .source, .sequence, .live, .sound, .pattern, .shader, .keyboard:
            break
        }
        return nil
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

import ShaderGraph
import ShaderLanguage

/// A constant node: numbers written in the composition, the same every frame.
struct ConstantStep: BoundStep {
    let numbers: [Float]

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .constant(let numbers) = planned.work else { return (nil, binding.renderSize) }
        return (ConstantStep(numbers: numbers), binding.renderSize)
    }

    /// Its numbers are in place from the start.
    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {}

    func initialValue(for node: Node, held: [Float]?) -> [Float] {
        numbers
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .still
    }
}

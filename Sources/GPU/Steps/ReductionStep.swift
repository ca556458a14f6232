import ShaderGraph
import ShaderLanguage

/// A reduction node: its input image measured on the GPU (`ImageReduction`), a few numbers read back.
struct ReductionStep: BoundStep {
    let reduction: ImageReduction
    /// The step whose image it measures.
    let input: Int

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .reduction(let reduction, let input) = planned.work, input < binding.index else { return (nil, binding.renderSize) }
        do {
            return (ReductionStep(reduction: try ImageReduction(reduction, inputSize: binding.sizes[input]), input: input), binding.renderSize)
        } catch {
            binding.diagnostics.append(.error("node '\(planned.node.name)': \(error.message)", at: planned.node.location))
            return (nil, binding.renderSize)
        }
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        if let image = frame.images[input] { frame.values[index] = reduction.measure(image) }
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        motions[input]
    }
}

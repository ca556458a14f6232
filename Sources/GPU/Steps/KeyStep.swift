import ShaderGraph
import ShaderLanguage

/// A key node: 1 while its key is held in the window, else 0.
struct KeyStep: BoundStep {
    let key: String

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .key(let key) = planned.work else { return (nil, binding.renderSize) }
        return (KeyStep(key: key), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        frame.values[index][0] = frame.interaction.keysHeld.contains(key) ? 1 : 0
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .still
    }
}

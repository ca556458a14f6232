import ShaderGraph
import ShaderLanguage

/// A mouse node: the pointer over the output, and whether the left button is held.
struct MouseStep: BoundStep {
    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        (MouseStep(), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        let pointer = frame.interaction.pointer
        frame.values[index] = [pointer.x, pointer.y, pointer.z]
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .still
    }
}

import ShaderGraph
import ShaderLanguage

/// A time node: the clock's seconds.
struct TimeStep: BoundStep {
    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        (TimeStep(), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        if !frame.values[index].isEmpty { frame.values[index][0] = Float(frame.state.time.seconds) }
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .continuous
    }
}

import ShaderGraph
import ShaderLanguage

/// An oscillator node: a waveform of the clock's time.
struct OscillatorStep: BoundStep {
    let oscillator: Oscillator

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .oscillator(let oscillator) = planned.work else { return (nil, binding.renderSize) }
        return (OscillatorStep(oscillator: oscillator), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        frame.values[index][0] = oscillator.value(at: frame.state.time.seconds)
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .continuous
    }
}

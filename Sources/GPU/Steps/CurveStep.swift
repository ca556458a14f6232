import ShaderGraph
import ShaderLanguage

/// A curve node, or a keyed parameter's curve: its value at the frame's time (`KeyedCurve.value(at:)`).
struct CurveStep: BoundStep {
    let curve: KeyedCurve

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .curve(let curve) = planned.work else { return (nil, binding.renderSize) }
        return (CurveStep(curve: curve), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        frame.values[index] = curve.value(at: frame.state.time.seconds)
    }

    func initialValue(for node: Node, held: [Float]?) -> [Float] {
        curve.value(at: 0)
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        curve.keys.count > 1 ? .continuous : .still
    }
}

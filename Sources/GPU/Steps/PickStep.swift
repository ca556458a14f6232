import ShaderGraph
import ShaderLanguage

/// A pick node: the colour of its input image where the left button last went down; it outlives the graph.
struct PickStep: BoundStep {
    let pick: PickedColour
    /// The step whose image it samples.
    let input: Int
    /// Its node's name, which the picked colour is held under across graphs.
    let node: String

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .pick(let pick, let input) = planned.work else { return (nil, binding.renderSize) }
        return (PickStep(pick: pick, input: input, node: planned.node.name), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        guard let press = frame.interaction.press, let image = frame.images[input] else { return }
        frame.values[index] = image.readPixel(x: Int(press.x * Float(image.size.width)), y: Int(press.y * Float(image.size.height)))
        frame.resources.hold(frame.values[index], for: node)
    }

    func initialValue(for node: Node, held: [Float]?) -> [Float] {
        held ?? pick.initial
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .still
    }
}

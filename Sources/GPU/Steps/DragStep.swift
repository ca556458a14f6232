import ShaderGraph
import ShaderLanguage

/// A drag node: a number that dragging sideways with the left button changes, kept in its range; it outlives
/// the graph. A class, for it remembers where the drag under way began from one frame to the next.
final class DragStep: BoundStep {
    let drag: DraggedValue
    /// Its node's name, which the dragged number is held under across graphs.
    let node: String
    /// Where the drag under way began: the pointer's x, and the number then.
    private var start: (x: Float, value: Float)?

    init(drag: DraggedValue, node: String) {
        self.drag = drag
        self.node = node
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: DragStep?, size: PixelSize) {
        guard case .drag(let drag) = planned.work else { return (nil, binding.renderSize) }
        return (DragStep(drag: drag, node: planned.node.name), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        let interaction = frame.interaction
        if let press = interaction.press { start = (press.x, frame.values[index][0]) }
        defer { if interaction.release != nil { start = nil } }
        // A drag can start and end between two frames; the release says where it ended.
        let pointer = interaction.pointer
        guard let start, let x = interaction.release?.x ?? (pointer.z > 0 ? pointer.x : nil) else { return }
        frame.values[index][0] = min(max(start.value + (x - start.x) * drag.scale, drag.range.lowerBound), drag.range.upperBound)
        frame.resources.hold(frame.values[index], for: node)
    }

    func initialValue(for node: Node, held: [Float]?) -> [Float] {
        held ?? [drag.initial]
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .still
    }
}

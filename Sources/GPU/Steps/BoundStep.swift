import ShaderGraph
import ShaderLanguage

/// One kind of frame plan step bound to GL: how it binds from its plan step, what it does each frame, and what
/// it reports to the executor. Each kind is one type in this folder, and `FramePlan.Work.stepType` says which
/// type binds which work.
///
/// Binding is static and runs once per graph, in two rounds: `open` for every step, before the render size is
/// known (a render may be sized by its first source), then `bind` for every step in plan order.
protocol BoundStep {
    /// What the step's pixels come from, opened before the graph is sized: an image, a player, a feed, a sound;
    /// nil for steps that have no source of their own.
    static func open(_ planned: FramePlan.Step, composition: Composition, renderSize: PixelSize?,
                     resources: GraphResources) throws(DiagnosticsError) -> (any OpenedSource)?

    /// The size the plan asks of its source, which sizes a render sized by its first source even when the
    /// source could not be opened.
    static func requestedSize(of planned: FramePlan.Step) -> PixelSize?

    /// The texture its image will be, as planned, for a pass bound before it that reads its previous frame.
    static func plannedTexture(of planned: FramePlan.Step, renderSize: PixelSize) -> TextureDescriptor

    /// The step bound from its plan and what `open` opened for it, with the size of its image (the render size
    /// for steps that make none); a nil step when it cannot be bound, with why in `binding.diagnostics`.
    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize)

    /// Before any step of the frame runs.
    func frameStarts()

    /// This frame's work of step `index`: its image into `frame.images[index]`, or its numbers into
    /// `frame.values[index]`.
    func run(at index: Int, in frame: inout FrameContext) throws(GPUError)

    /// Whether its image comes from the pool (and must go back to it).
    var isPooled: Bool { get }

    /// The texture its image is, for passes that sample it; `size` for steps that make no image.
    func descriptor(orSize size: PixelSize) -> TextureDescriptor

    /// The buffers holding the image it made last frame, for inputs that read its previous frame.
    var feedback: FeedbackBuffers? { get }

    /// The numbers it starts from, for `node`; `held` is what the user last set it to in the graph before.
    func initialValue(for node: Node, held: [Float]?) -> [Float]

    /// How its image (or value) moves with nothing but the clock, given the motion of every step before it.
    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion
}

/// What most kinds are: no source of their own, an image (if any) the size of the render, nothing pooled, no
/// previous frame, and a value of zeros as wide as the node's output.
extension BoundStep {
    static func open(_ planned: FramePlan.Step, composition: Composition, renderSize: PixelSize?,
                     resources: GraphResources) throws(DiagnosticsError) -> (any OpenedSource)? {
        nil
    }

    static func requestedSize(of planned: FramePlan.Step) -> PixelSize? { nil }

    static func plannedTexture(of planned: FramePlan.Step, renderSize: PixelSize) -> TextureDescriptor {
        TextureDescriptor(size: renderSize)
    }

    func frameStarts() {}

    var isPooled: Bool { false }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        TextureDescriptor(size: size)
    }

    var feedback: FeedbackBuffers? { nil }

    func initialValue(for node: Node, held: [Float]?) -> [Float] {
        if case .value(let components) = node.output { [Float](repeating: 0, count: components) } else { [] }
    }
}

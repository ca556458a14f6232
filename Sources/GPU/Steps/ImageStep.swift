import ShaderGraph
import ShaderLanguage

/// An image node, or any source node whose pixels an embedding app supplies: one texture, loaded once.
struct ImageStep: BoundStep {
    struct Opened: OpenedSource {
        var target: RenderTarget
        var size: PixelSize? { target.size }
    }

    let target: RenderTarget

    static func open(_ planned: FramePlan.Step, composition: Composition, renderSize: PixelSize?,
                     resources: GraphResources) throws(DiagnosticsError) -> (any OpenedSource)? {
        guard case .image(let source) = planned.work else { return nil }
        return Opened(target: try resources.image(at: source.file, location: source.location))
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard let opened = opened as? Opened else { return (nil, binding.renderSize) }
        return (ImageStep(target: opened.target), opened.target.size)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        frame.images[index] = target
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        target.descriptor
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .still
    }
}

import ShaderGraph
import ShaderLanguage

/// A keyboard node: ShaderToy's keyboard image (`ShaderToyKeyboard`), uploaded in the frames the keyboard changed.
struct KeyboardStep: BoundStep {
    let target: RenderTarget
    let layout: KeyboardLayout

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .keyboard(let layout) = planned.work else { return (nil, binding.renderSize) }
        do {
            let target = try RenderTarget(image: ShaderToyKeyboard().image(layout))
            return (KeyboardStep(target: target, layout: layout), target.size)
        } catch {
            binding.diagnostics.append(.error("node '\(planned.node.name)': the keyboard image could not be made: \(error.message)",
                                              at: planned.node.location))
            return (nil, binding.renderSize)
        }
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        if frame.keyboard != frame.uploadedKeyboard { target.upload(frame.keyboard.image(layout)) }
        frame.images[index] = target
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        target.descriptor
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .still
    }
}

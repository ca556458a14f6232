import ShaderGraph
import ShaderLanguage

/// A sequence node: frame k of the graph shows file k (`SequencePlayer`).
struct SequenceStep: BoundStep {
    struct Opened: OpenedSource {
        var player: SequencePlayer
        var size: PixelSize? { player.size }
    }

    let player: SequencePlayer

    static func open(_ planned: FramePlan.Step, composition: Composition, renderSize: PixelSize?,
                     resources: GraphResources) throws(DiagnosticsError) -> (any OpenedSource)? {
        guard case .sequence(let sequence) = planned.work else { return nil }
        return Opened(player: try SequencePlayer(sequence))
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard let opened = opened as? Opened else { return (nil, binding.renderSize) }
        return (SequenceStep(player: opened.player), opened.player.size)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        do {
            frame.images[index] = try player.image(forFrame: frame.state.time.index)
        } catch {
            throw GPUError(error.diagnostics.map(\.message).joined(separator: "; "))
        }
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        player.target.descriptor
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .continuous
    }
}

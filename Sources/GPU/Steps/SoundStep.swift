import ShaderGraph
import ShaderLanguage

/// An audio node: no image of its own; the pass inputs wired to it make theirs from its sound (`SoundTexture`).
struct SoundStep: BoundStep {
    struct Opened: OpenedSource {
        var source: any SoundSource
        /// Sound has no size: the images made from it take theirs from their shapes.
        var size: PixelSize? { nil }
        var sound: (any SoundSource)? { source }
    }

    let source: any SoundSource

    static func open(_ planned: FramePlan.Step, composition: Composition, renderSize: PixelSize?,
                     resources: GraphResources) throws(DiagnosticsError) -> (any OpenedSource)? {
        guard case .audio(let audio) = planned.work else { return nil }
        // Live sound, where nothing is heard live (a render), is the soundtrack of the composition's live movie.
        let liveMovie = composition.liveSource.flatMap(composition.node(named:)).flatMap { node -> MovieSource? in
            if case .movie(let movie) = node.kind { return movie }
            return nil
        }
        return Opened(source: try resources.sound(for: audio, liveMovie: liveMovie))
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard let opened = opened as? Opened else { return (nil, binding.renderSize) }
        return (SoundStep(source: opened.source), binding.renderSize)
    }

    /// Its images are made as the passes that read them draw.
    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {}

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        .continuous
    }
}

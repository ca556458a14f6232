import ShaderGraph
import ShaderLanguage

/// A movie node: its feed's frame at the moment its timeline gives for the clock's time, converted on the GPU;
/// black before the first.
struct MovieStep: LiveFeedStep {
    struct Opened: OpenedSource {
        var feed: FrameFeed
        var size: PixelSize? { feed.frameSize }
    }

    let feed: FrameFeed
    let placeholder: RenderTarget
    /// How its timeline follows the clock.
    let movie: MovieSource
    /// Whether the pass that reads it converts its frames (`PassPlan.ConvertedFrame`), so it need not.
    let isConvertedByReader: Bool

    static func open(_ planned: FramePlan.Step, composition: Composition, renderSize: PixelSize?,
                     resources: GraphResources) throws(DiagnosticsError) -> (any OpenedSource)? {
        guard case .movie(let movie) = planned.work else { return nil }
        return Opened(feed: try resources.movieFeed(for: movie))
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .movie(let movie) = planned.work, let opened = opened as? Opened else { return (nil, binding.renderSize) }
        let size = opened.feed.frameSize ?? binding.renderSize
        binding.feeds[binding.index] = opened.feed
        do {
            return (MovieStep(feed: opened.feed, placeholder: try RenderTarget(TextureDescriptor(size: size)), movie: movie,
                              isConvertedByReader: binding.framesConvertedInReaders.contains(binding.index)), size)
        } catch {
            binding.diagnostics.append(.error(error.message, at: movie.location))
            return (nil, size)
        }
    }

    /// The movie's moment for `seconds` of the clock.
    private func moment(at seconds: Double) -> Double {
        movie.movieTime(at: seconds, duration: feed.source.duration)
    }

    /// Takes the frame for `time` ahead of the frame that shows it; whether it is a new one. A frame that cannot
    /// be had is the draw's to report, as a notice.
    func takeFrame(at time: FrameTime) -> Bool {
        (try? feed.update(at: moment(at: time.seconds), wait: nil, failing: false)) == true
    }

    /// The frame for this moment, else the last one, else black.
    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        let moment = moment(at: frame.state.time.seconds)
        frame.sourceSeconds[index] = moment
        try feed.update(at: moment, wait: frame.cameraWait, failing: frame.cameraWait != nil)
        frame.images[index] = (isConvertedByReader ? feed.latest : try feed.image()) ?? placeholder
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        placeholder.descriptor
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        // A movie moves at its own frame rate, until one that does not loop is held at its end. (Its last frame
        // still wakes a window when it is decoded.)
        if let moment = feed.lastMoment, movie.isHeld(at: moment, duration: feed.source.duration) { return .still }
        return .movieFrames
    }
}

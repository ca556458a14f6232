import CGLES
import ShaderGraph
import ShaderLanguage

/// A camera node: the newest frame of its feed (kept in `GraphResources` across reloads), converted on the GPU;
/// before the first, the moving test pattern for an `auto` camera, else black.
struct CameraStep: LiveFeedStep {
    struct Opened: OpenedSource {
        var feed: FrameFeed
        /// The size asked of the camera, which the device may not give.
        var asked: PixelSize
        var size: PixelSize? { feed.frameSize }
    }

    let feed: FrameFeed
    /// The test pattern an `auto` camera shows until a camera delivers.
    let pattern: (program: ShaderProgram, timeLocation: GLint)?
    let placeholder: RenderTarget
    /// Whether the pass that reads it converts its frames (`PassPlan.ConvertedFrame`), so it need not.
    var isConvertedByReader = false

    /// Cameras open with the other sources, so a render sized by its first source can be sized by what a
    /// camera delivers.
    static func open(_ planned: FramePlan.Step, composition: Composition, renderSize: PixelSize?,
                     resources: GraphResources) throws(DiagnosticsError) -> (any OpenedSource)? {
        guard case .camera(let camera) = planned.work else { return nil }
        let asked = camera.requestedSize(renderSize: renderSize, compositionSize: composition.size)
        return Opened(feed: try resources.cameraFeed(for: camera, size: asked), asked: asked)
    }

    static func requestedSize(of planned: FramePlan.Step) -> PixelSize? {
        if case .camera(let camera) = planned.work { camera.size } else { nil }
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .camera(let camera) = planned.work, let opened = opened as? Opened else { return (nil, binding.renderSize) }
        binding.feeds[binding.index] = opened.feed
        do {
            var step = try bind(camera, feed: opened.feed, asked: opened.asked, node: planned.node.name, resources: binding.resources)
            step.isConvertedByReader = binding.framesConvertedInReaders.contains(binding.index)
            return (step, step.placeholder.size)
        } catch {
            binding.diagnostics += error.diagnostics
            return (nil, binding.renderSize)
        }
    }

    /// Its placeholder, at the size the device agreed to, else the size `asked` of it, and for an `auto` camera
    /// the pattern's program.
    private static func bind(_ camera: CameraSource, feed: FrameFeed, asked: PixelSize, node: String,
                             resources: GraphResources) throws(DiagnosticsError) -> CameraStep {
        let size = feed.frameSize ?? asked
        do {
            let placeholder = try RenderTarget(TextureDescriptor(size: size))
            guard camera.device == .auto else { return CameraStep(feed: feed, pattern: nil, placeholder: placeholder) }
            let program = try resources.program(for: try TestPattern.prepared(), node: node)
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("size"), Float(size.width), Float(size.height))
            return CameraStep(feed: feed, pattern: (program, program.uniformLocation("time")), placeholder: placeholder)
        } catch let error as GPUError {
            throw DiagnosticsError([.error(error.message, at: camera.location)])
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([.error("\(error)", at: camera.location)])
        }
    }

    /// The newest frame, else the last one, else the pattern or black.
    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        let seconds = frame.state.time.seconds
        try feed.update(at: seconds, wait: frame.cameraWait, failing: frame.cameraWait != nil)
        if let latest = isConvertedByReader ? feed.latest : try feed.image() {
            frame.images[index] = latest
            return
        }
        if let (program, timeLocation) = pattern {
            placeholder.bindForDrawing()
            glUseProgram(program.name)
            glUniform1f(timeLocation, Float(seconds))
            frame.quad.draw()
        }
        frame.images[index] = placeholder
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        placeholder.descriptor
    }

    var notice: Diagnostic? {
        if feed.latest == nil, pattern != nil, !feed.source.isPresent {
            return .warning("no camera found; showing the test pattern", code: .noCamera)
        }
        return feed.notice
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        // A camera's frames wake the window as they come; the pattern an `auto` camera shows until it delivers
        // moves with the clock.
        pattern != nil && feed.latest == nil ? .continuous : .still
    }
}

import ShaderGraph
import ShaderLanguage
import VideoFrames

/// A live node's image: its source's frame for the moment shown, converted on the GPU. When no new frame
/// is due, the last one stays; before the first, the node shows the test pattern (an `auto` camera) or black.
public final class FrameFeed {
    public let source: any FrameSource
    /// What kind of problem the source not delivering is (a camera's, a movie's), said with its notices and errors.
    let problem: DiagnosticCode
    private let converter: FrameConverter
    /// The last frame, converted; nil until one arrives.
    private(set) var latest: RenderTarget?
    /// Whether a render's wait for a frame timed out; later frames are then taken as they come.
    private var gaveUpWaiting = false
    /// Why the last frame could not be had, until one can again.
    private var failure: String?

    public init(source: any FrameSource, problem: DiagnosticCode) throws(GPUError) {
        converter = try FrameConverter()
        self.source = source
        self.problem = problem
    }

    deinit {
        source.stop()
    }

    /// Converts the frame due at `seconds` of the source's timeline if it is a new one. With `wait`, a render
    /// blocks up to that many seconds for it (so every rendered frame is a delivered one) until the source
    /// once fails to deliver in time. With `failing`, a frame that cannot be had is an error (renders);
    /// otherwise it is a notice and the last frame stays (the window). Whether a new frame was taken.
    @discardableResult
    func update(at seconds: Double, wait: Double?, failing: Bool) throws(GPUError) -> Bool {
        let frame: VideoFrame?
        do {
            if let wait, !gaveUpWaiting {
                frame = try source.frame(at: seconds, wait: latest == nil ? max(wait, 5) : wait)
                if frame == nil, source.duration == nil { gaveUpWaiting = true }
            } else {
                frame = try source.frame(at: seconds, wait: nil)
                if frame != nil { gaveUpWaiting = false }
            }
            failure = nil
        } catch {
            if failing { throw GPUError(problem.tagging(error.message)) }
            failure = error.message
            return false
        }
        guard let frame else { return false }
        defer { source.recycle(frame) }
        let shown = frame.layout.displaySize
        let size = PixelSize(width: shown.width, height: shown.height)
        if latest?.size != size {
            latest = try RenderTarget(TextureDescriptor(size: size))
        }
        return try converter.convert(frame, into: latest!)
    }

    /// The size of the source's frames, once it says.
    var frameSize: PixelSize? {
        source.frameSize.map { PixelSize(width: $0.width, height: $0.height) }
    }

    /// What to tell the user about the source; nil while frames flow.
    var notice: Diagnostic? {
        // The source's own line first: it holds from frame to frame, where a failure names the frame asked for.
        if let notice = source.notice { return .warning(notice, code: problem) }
        if let failure { return .warning(failure, code: problem) }
        if gaveUpWaiting, latest != nil { return .warning("camera: no new frame in time; holding the last frame", code: problem) }
        return nil
    }
}

import OperatingSystem
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// A live node's image: its source's frame for the moment shown, converted on the GPU when something asks for
/// the image (a pass that converts the frame in its own program reads the planes instead). When no new frame
/// is due, the last one stays; before the first, the node shows the test pattern (an `auto` camera) or black.
public final class FrameFeed {
    public let source: any FrameSource
    /// What kind of problem the source not delivering is (a camera's, a movie's), said with its notices and errors.
    let problem: DiagnosticCode
    private let converter: FrameConverter
    /// The last frame's image; nil until one arrives. Converted only when asked for (`image()`) while its
    /// planes are `pending`.
    private(set) var latest: RenderTarget?
    /// The layout of the last frame's planes while they are uploaded but not yet converted into `latest`.
    private var pending: FrameLayout?
    /// Whether a render's wait for a frame timed out; later frames are then taken as they come.
    private var gaveUpWaiting = false
    /// Why the last frame could not be had, until one can again.
    private var failure: String?
    /// The moment of the source's timeline last asked for.
    private(set) var lastMoment: Double?

    public init(source: any FrameSource, problem: DiagnosticCode) throws(GPUError) {
        converter = try FrameConverter()
        self.source = source
        self.problem = problem
    }

    deinit {
        source.stop()
    }

    /// Converts the frame due at `seconds` of the source's timeline if it is a new one. With `wait`, a render
    /// blocks for it (so every rendered frame is a delivered one) until the source goes that many seconds
    /// without delivering (a movie: without decoding anything) once. With `failing`, a frame that cannot be had is an error (renders);
    /// otherwise it is a notice and the last frame stays (the window). Whether a new frame was taken.
    @discardableResult
    func update(at seconds: Double, wait: Double?, failing: Bool) throws(GPUError) -> Bool {
        lastMoment = seconds
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
        let uploaded = try FrameStages.time("uploading frames") { () throws(GPUError) in try converter.upload(frame, shownIn: latest!) }
        switch uploaded {
        case nil: return false
        case .shownAsStored: pending = nil
        case .planes(let layout): pending = layout
        }
        return true
    }

    /// The last frame converted (drawing the conversion if it has not been), else nil before the first.
    func image() throws(GPUError) -> RenderTarget? {
        if let layout = pending, let latest {
            try converter.draw(layout, into: latest)
            pending = nil
        }
        return latest
    }

    /// For a pass of `size` that converts the frame itself: how it reads the last frame's planes, and the
    /// frame's layout; nil where it must read `image()` instead.
    func planes(forPassOf size: PixelSize) -> (layout: FrameConversionMember.Layout, frame: FrameLayout)? {
        guard let pending, let layout = FrameConverter.layoutInReader(pending, size: size) else { return nil }
        return (layout, pending)
    }

    /// How many conversion passes it has drawn.
    var conversionsDrawn: Int { converter.passesDrawn }

    /// Binds the last frame's planes to `units`, in plane order.
    func bindPlanes(toUnits units: [Int]) {
        converter.bindPlanes(toUnits: units)
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
        if gaveUpWaiting, latest != nil {
            let source = problem == .streamNotReceived ? "stream" : "camera"
            return .warning("\(source): no new frame in time; holding the last frame", code: problem)
        }
        return nil
    }
}

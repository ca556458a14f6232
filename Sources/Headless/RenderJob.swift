import GPU
import Images
import LiveSources
import Media
import OSC
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Renders a composition headless to numbered PNG files or a movie, deterministically.
public enum RenderJob {
    /// How long a frame waits for the camera before the last frame is held (and a warning printed).
    static let cameraFrameWait = 2.0

    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// Problems in the user's files, each located.
        case diagnostics([Diagnostic])
        /// The GPU, the driver or the output files failed; the code says which of the workbench's problems it is,
        /// where it is one (an output that cannot be written), and none where the GPU or the driver failed.
        case failed(String, code: DiagnosticCode? = nil)
        /// The command line asks for what the inputs cannot give: a range past the live movie's end.
        case usage(String)
        /// The reader of standard output went away (`| head`, a player closed) after this many whole frames:
        /// the render stops there, which is what the reader asked for, not a failure.
        case outputClosed(framesWritten: Int)

        public var description: String {
            switch self {
            case .diagnostics(let diagnostics): diagnostics.map { $0.rendered() }.joined(separator: "\n")
            case .failed(let message, let code): code?.tagging(message) ?? message
            case .usage(let message): message
            case .outputClosed(let frames):
                "standard output was closed by its reader after \(frames) frame\(frames == 1 ? "" : "s"); the render stopped there"
            }
        }
    }

    /// Returns the paths written, in frame order.
    @discardableResult
    public static func run(_ request: RenderRequest, progress: ProgressReporter) throws(Failure) -> [String] {
        try checkOptions(of: request)
        let composition: Composition
        do {
            composition = try CompositionOpener.open(path: request.composition, stages: request.stages, input: request.input, overrides: request.overrides,
                                                     includeFolders: request.includeFolders, fusing: request.fusing,
                                                     precision: request.precision)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        for warning in composition.warnings { progress.show(warning) }
        let timeline = try RenderTimeline(request, composition: composition)
        let context = try HeadlessContext.forJob()
        let executor = try executor(for: composition, request: request, timeline: timeline)
        let valueLog: ValueLog?
        do {
            valueLog = try request.valuesPath.map(ValueLog.init(path:))
        } catch {
            throw .failed("cannot write the values to \(request.valuesPath ?? ""): \(error.localizedDescription)", code: .outputNotWritten)
        }
        let valueNodes = ValueLog.valueNodes(of: composition)
        let oscValues: OSCValueStream?
        do throws(OSCError) {
            oscValues = try composition.oscOutput.map { setting throws(OSCError) in try OSCValueStream(host: setting.host, port: setting.port) }
        } catch {
            throw .failed(error.message, code: .oscPort)
        }
        if let asked = request.size, executor.outputSize != asked {
            progress.show(outputSizeKept(asked: asked, written: executor.outputSize, composition: composition))
        }
        // What is written is the output's image as it is drawn, which has its node's size.
        var sink = try sink(for: request.output, composition: composition, imageSize: executor.outputSize, packed: executor.packsOutput,
                            timeline: timeline, progress: progress)
        var warned: Set<Diagnostic> = []
        var told: Set<String> = []
        var written: [String] = []
        /// Draws frame `frame` and reports what its steps noticed; the output's target is valid until the next.
        func draw(_ frame: Int) throws(Failure) -> RenderTarget {
            do {
                let output = try FrameStages.time("drawing passes") { () throws(GPUError) in try executor.renderFrame(timeline.time(ofFrame: frame)) }
                for notice in executor.notices where warned.insert(notice).inserted {
                    progress.warn("frame \(frame): \(notice.message)", code: notice.code)
                }
                for delivery in executor.deliveries where told.insert(delivery).inserted {
                    progress.note(delivery)
                }
                return output
            } catch {
                throw .failed("frame \(frame): \(error.message)")
            }
        }
        // What the range's first frame shows may depend on every frame before it: those are drawn, not written.
        let drawnFirst = executor.plan.framesDrawnBefore(timeline.start)
        if !drawnFirst.isEmpty {
            if let inexact = executor.plan.inexactRange(from: timeline.start) { progress.show(inexact) }
            let frames = drawnFirst.count == 1 ? "frame \(drawnFirst.lowerBound)" : "frames \(drawnFirst.lowerBound)–\(drawnFirst.upperBound - 1)"
            progress.note("drawing \(frames) first, without writing them: \(executor.plan.carriedStateSummary)")
        }
        do throws(Failure) {
            for frame in drawnFirst {
                _ = try draw(frame)
                progress.reportDrawnFirst(done: frame - drawnFirst.lowerBound + 1, total: drawnFirst.count)
            }
            for frame in timeline.indices {
                let output = try draw(frame)
                do {
                    try valueLog?.record(frame: timeline.time(ofFrame: frame), nodes: valueNodes, from: executor)
                } catch {
                    throw .failed("frame \(frame): \(error)")
                }
                if let oscValues, let sent = composition.oscOutput?.values {
                    for name in sent {
                        guard let value = executor.value(of: name) else { continue }
                        if let failure = oscValues.send(name, value) { progress.warn(failure.message, code: .oscPort) }
                    }
                }
                let path = try FrameStages.time("reading back and handing on") { () throws(Failure) in try sink.write(output, frame: frame) }
                written.append(path)
                progress.report(done: written.count, total: timeline.frames, path: path)
            }
        } catch {
            // The frames already reported stay in the movie: it is finished after the last of them, as a
            // kill would leave it, and the failure is what is reported. A closed pipe takes nothing more.
            if case .outputClosed = error { throw error }
            try? sink.finish()
            throw error
        }
        try sink.finish()
        FrameStages.write()
        withExtendedLifetime(context) {}
        return written
    }

    /// Refuses options no render can take, before anything is opened.
    private static func checkOptions(of request: RenderRequest) throws(Failure) {
        guard request.frames.map({ $0 >= 1 }) ?? true else { throw .failed("--frames must be at least 1") }
        guard request.start >= 0 else { throw .failed("--start must be 0 or more") }
        guard request.frameRate.map({ $0.numerator > 0 && $0.denominator > 0 }) ?? true else {
            throw .failed("--fps must be a positive number")
        }
        if case .images(let pattern) = request.output, let frames = request.frames, frames > 1, !pattern.isNumbered {
            throw .failed("--out \(pattern.text): rendering \(frames) frames needs a frame number in the pattern, such as frame-%04d.png")
        }
    }

    /// The composition's executor for a render: every node built once (see `buildEveryNode`), the logged and sent
    /// value nodes kept, and the clock, date and pointer fixed so a frame's pixels depend on its index alone.
    private static func executor(for composition: Composition, request: RenderRequest, timeline: RenderTimeline) throws(Failure) -> GraphExecutor {
        let executor: GraphExecutor
        do {
            // Value nodes that feed nothing still run when their results are logged.
            let logged = Set(request.valuesPath == nil ? [] : ValueLog.valueNodes(of: composition))
                .union(composition.oscOutput?.values ?? [])
            let resources = GraphResources(sources: StandardFrameSources(busyCameraIsAnError: true),
                                           framebufferFetch: request.framebufferFetch ? nil : false)
            try buildEveryNode(of: composition, renderSize: request.size, drawing: logged, resources: resources)
            let build = { (packing: ColorEncoding.Matrix?) throws(DiagnosticsError) in
                try GraphExecutor(composition: composition, renderSize: request.size, keeping: logged, resources: resources, packingOutput: packing)
            }
            // Every shader compiled as written (above), so a program that draws the output's planes and does not
            // compile is the packing's fault: the readback's own pass draws them instead.
            if let packing = packing(for: request.output), let packed = try? build(packing) {
                executor = packed
            } else {
                executor = try build(nil)
            }
            resources.keepOnly(whatIsUsedBy: executor)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        // Each rendered frame uses a newly captured camera frame, waiting for it up to this long.
        executor.cameraWait = Self.cameraFrameWait
        // A frame's pixels depend on its index alone: its date is a fixed start plus its time, and the
        // interval to the previous frame is one frame at the rate, from the first frame on.
        executor.dateOrigin = .fixed(start: DateOrigin.renderStart)
        executor.frameInterval = 1 / timeline.frameRate.framesPerSecond
        executor.pointerPosition = request.pointerPosition
        return executor
    }

    /// `--size` sizes the render, but the output node's own size (a pass's `size:`, an image's file) is what is
    /// written: said once, at the output node.
    private static func outputSizeKept(asked: PixelSize, written: PixelSize, composition: Composition) -> Diagnostic {
        .warning("--size \(asked) sizes the render, but the output node '\(composition.output)' has a size of its own: its frames are written at \(written)",
                 at: composition.node(named: composition.output)?.location, code: .outputSizeKept)
    }

    /// The matrix of the YUV planes `output` takes, which the output's pass can draw itself; nil for images, and
    /// where the CPU's conversion is asked for (`FrameReadbacks.packsInOutputPass`).
    private static func packing(for output: RenderDestination) -> ColorEncoding.Matrix? {
        guard FrameReadbacks.packsInOutputPass else { return nil }
        switch output {
        case .images, .pipewireCamera: return nil
        case .movie: return MovieSink.matrix
        case .videoDevice: return VirtualCameraSink.matrix
        case .standardOutput: return YUV4MPEGSink.matrix
        }
    }

    /// Where the frames go: numbered images, a movie (with the composition's soundtrack), a V4L2 output or y4m
    /// on standard output. `packed`: the frames come as their YUV planes (`GraphExecutor.packsOutput`).
    private static func sink(for output: RenderDestination, composition: Composition, imageSize: PixelSize, packed: Bool,
                             timeline: RenderTimeline, progress: ProgressReporter) throws(Failure) -> any RenderedFrameSink {
        switch output {
        case .images(let pattern):
            return ImageSequenceSink(pattern: pattern)
        case .movie(let movie):
            return try MovieSink(movie, imageSize: imageSize, frameRate: timeline.frameRate, firstFrame: timeline.start,
                                 sound: soundtrack(of: composition, timeline: timeline), packed: packed, progress: progress)
        case .videoDevice(let selector):
            return try VirtualCameraSink(selector, imageSize: imageSize, frameRate: timeline.frameRate, firstFrame: timeline.start,
                                         packed: packed, progress: progress)
        case .pipewireCamera(let name):
            return try PipeWireCameraSink(name, imageSize: imageSize, frameRate: timeline.frameRate, firstFrame: timeline.start,
                                          progress: progress)
        case .standardOutput:
            return try YUV4MPEGSink(imageSize: imageSize, frameRate: timeline.frameRate, firstFrame: timeline.start, packed: packed,
                                    progress: progress)
        }
    }

    /// Builds every node once, whether the frames need it or not, so that a render refuses what `check`
    /// refuses (a broken shader on a node nothing shows, an unreadable image); the render's own executor
    /// then finds the programs and images in `resources`. Cameras and movies the frames do not need are
    /// not opened for this: a one-pixel stand-in takes their place.
    private static func buildEveryNode(of composition: Composition, renderSize: PixelSize?, drawing kept: Set<String>,
                                       resources: GraphResources) throws(DiagnosticsError) {
        let drawn = Set(try FramePlan(composition, keeping: kept).steps.map(\.node.name))
        var standIns: [String: RenderTarget] = [:]
        for node in composition.nodes where !drawn.contains(node.name) {
            switch node.kind {
            case .camera, .movie:
                do {
                    standIns[node.name] = try RenderTarget(TextureDescriptor(size: PixelSize(width: 1, height: 1)))
                } catch {
                    throw DiagnosticsError([.error(error.message, at: node.location)])
                }
            default:
                break
            }
        }
        _ = try GraphExecutor(composition: composition, renderSize: renderSize, keeping: Set(composition.nodes.map(\.name)),
                              resources: resources, externalImages: standIns)
    }

    /// The sound a movie render carries: the first movie node's soundtrack, heard where its pictures are from
    /// the first frame on. A movie without sound makes a silent movie, which is no mistake: nothing asked for
    /// sound. A stream's sound is not heard.
    private static func soundtrack(of composition: Composition, timeline: RenderTimeline) throws(Failure) -> (any TimelineSound)? {
        for node in composition.nodes {
            guard case .movie(let movie) = node.kind, !movie.isStream else { continue }
            do throws(MediaError) {
                return try RenderedSoundtrack(movie, from: timeline.time(ofFrame: timeline.start).seconds)
            } catch {
                throw .failed(error.message, code: .movieNotDecoded)
            }
        }
        return nil
    }
}

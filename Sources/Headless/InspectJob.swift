import GPU
import LiveSources
import ShaderGraph
import ShaderLanguage

/// Reads a node's value at a pixel of a frame, and what watched expressions of its shader were there, headless:
/// the same answers the window's readout gives (from the same plan, chains of colour filters fused), for tests, CI
/// and editors. The frames before the one asked that it needs are drawn first (`FramePlan.framesDrawnBefore`, as a
/// render's `--start` draws them), so feedback and accumulation are as a render has them; in the last, each watch
/// draws the node once more with an instrumented copy of its shader (the user's file is never touched).
public enum InspectJob {
    public static func run(_ request: InspectRequest) throws(RenderJob.Failure) -> InspectReport {
        guard request.frame >= 0 else { throw .failed("--frame must be 0 or more") }
        guard request.framesPerSecond.map({ $0 > 0 }) ?? true else { throw .failed("--fps must be a positive number") }
        let composition = try open(request)
        let name = request.node ?? composition.output
        guard let node = composition.node(named: name) else {
            let images = composition.nodes.filter { $0.output == .image }.map(\.name)
            throw .failed("no node '\(name)' in \(request.composition); nodes with images: \(images.joined(separator: ", "))")
        }
        guard node.output == .image else { throw .failed("node '\(name)' makes a value, not an image: its numbers are in `render --values`") }
        let context = try HeadlessContext.forJob()
        defer { withExtendedLifetime(context) {} }
        let watches: [ShaderWatch]
        if case .shader(let shader) = node.kind {
            watches = ShaderWatch.comments(in: shader.source) + request.watches
        } else if case .compute(let kernel) = node.kind {
            // `--watch LINE:EXPR` is a line of the first kernel.
            watches = kernel.watchComments + request.watches
        } else if !request.watches.isEmpty {
            throw .failed("node '\(name)' has no shader to watch")
        } else {
            watches = []
        }
        // The plan the window's readout reads: fused as the composition says, the node drawn apart when watched.
        let plan: FramePlan
        do {
            plan = try FramePlan(composition, keeping: [name], unfused: watches.isEmpty ? [] : [name],
                                 convertingFrames: FrameConverter.convertsInReaders)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        let resources = GraphResources(sources: StandardFrameSources(busyCameraIsAnError: true))
        let executor: GraphExecutor, watched: [ShaderWatchPass]
        do {
            (executor, watched) = try draw(plan, frame: request.frame, fps: request.framesPerSecond ?? composition.rate?.framesPerSecond ?? 30,
                                           resources: resources, watching: watches, of: name)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        guard let image = executor.image(of: name) else { throw .diagnostics([.error("node '\(name)' drew no image")]) }
        guard (0..<image.size.width).contains(request.x), (0..<image.size.height).contains(request.y) else {
            // The command line asks for a pixel the node does not have: a usage error, as a range past a movie's end is.
            throw .usage("--at \(request.x),\(request.y) is outside '\(name)', which is \(image.size.width)×\(image.size.height): x is 0 to \(image.size.width - 1), y 0 to \(image.size.height - 1)")
        }
        let rgba = image.readPixel(x: request.x, y: request.y)
        let readings = watched.map { pass -> InspectReport.Watch in
            guard pass.problem == nil else {
                return InspectReport.Watch(watch: pass.watch, type: nil, value: nil, runs: 0, pass: nil, problem: pass.problem)
            }
            let reading = pass.reading(x: request.x, y: request.y)
            return InspectReport.Watch(watch: pass.watch, type: reading.type, value: reading.runs > 0 ? reading.value : nil, runs: reading.runs,
                                       pass: reading.pass, problem: nil)
        }
        return InspectReport(node: name, width: image.size.width, height: image.size.height, format: image.descriptor.format,
                             x: request.x, y: request.y, frame: request.frame, rgba: rgba, watches: readings,
                             warnings: composition.warnings + [plan.inexactRange(from: request.frame)].compactMap { $0 })
    }

    /// The composition the request names, with its input and overrides.
    static func open(_ request: InspectRequest) throws(RenderJob.Failure) -> Composition {
        do {
            return try CompositionOpener.open(path: request.composition, stages: request.stages, input: request.input, overrides: request.overrides, precision: request.precision)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
    }

    /// Draws what frame `frame` of `plan` needs before it, then the frame, with `watches` drawn beside `node` in
    /// that frame; the executor holds what the last frame left.
    static func draw(_ plan: FramePlan, frame: Int, fps: Double, resources: GraphResources, watching watches: [ShaderWatch] = [],
                     of node: String) throws(DiagnosticsError) -> (GraphExecutor, [ShaderWatchPass]) {
        let executor = try GraphExecutor(plan: plan, resources: resources)
        executor.dateOrigin = .fixed(start: DateOrigin.renderStart)
        executor.frameInterval = 1 / fps
        // Every frame waits for its movie frame, as a render's does, so the numbers are the render's.
        executor.cameraWait = RenderJob.cameraFrameWait
        var watched: [ShaderWatchPass] = []
        do {
            for index in Array(plan.framesDrawnBefore(frame)) + [frame] {
                // Watches change nothing the graph keeps, so only the frame read needs them.
                if index == frame { watched = executor.watch(watches, of: node) }
                try executor.renderFrame(FrameTime(index: index, seconds: Double(index) / fps))
            }
        } catch {
            throw DiagnosticsError([.error("frame \(frame): \(error.message)")])
        }
        return (executor, watched)
    }
}

import GPU
import LiveSources
import ShaderGraph

/// Reads a node's value at a pixel of a frame, and what watched expressions of its shader were there, headless:
/// the same answers the window's readout gives, for tests, CI and editors. Frames 0 to the one asked are drawn,
/// so feedback and accumulation are as a render has them; each watch draws them again with an instrumented copy
/// of the node's shader (the user's file is never touched).
public enum InspectJob {
    public static func run(_ request: InspectRequest) throws(RenderJob.Failure) -> InspectReport {
        guard request.frame >= 0 else { throw .failed("--frame must be 0 or more") }
        guard request.framesPerSecond > 0 else { throw .failed("--fps must be a positive number") }
        let composition: Composition
        do {
            composition = try CompositionOpener.open(path: request.composition, input: request.input, overrides: request.overrides)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        let name = request.node ?? composition.output
        guard let node = composition.node(named: name) else {
            let images = composition.nodes.filter { $0.output == .image }.map(\.name)
            throw .failed("no node '\(name)' in \(request.composition); nodes with images: \(images.joined(separator: ", "))")
        }
        guard node.output == .image else { throw .failed("node '\(name)' makes a value, not an image: its numbers are in `render --values`") }
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch {
            throw .failed("cannot start headless rendering: \(error.message)")
        }
        defer { withExtendedLifetime(context) {} }
        let plan: FramePlan
        do {
            plan = try FramePlan(composition, keeping: [name], fusing: false)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        let resources = GraphResources(sources: StandardFrameSources(busyCameraIsAnError: true))
        let image: RenderTarget
        do {
            image = try render(plan, node: name, frame: request.frame, fps: request.framesPerSecond, resources: resources)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        guard (0..<image.size.width).contains(request.x), (0..<image.size.height).contains(request.y) else {
            throw .failed("--at \(request.x),\(request.y) is outside '\(name)', which is \(image.size.width)×\(image.size.height)")
        }
        let rgba = image.readPixel(x: request.x, y: request.y)
        var watches: [InspectReport.Watch] = []
        if case .shader(let shader) = node.kind {
            for watch in ShaderWatch.comments(in: shader.source) + request.watches {
                watches.append(read(watch, of: name, file: shader.source.path, in: plan, at: request, resources: resources))
            }
        } else if !request.watches.isEmpty {
            throw .failed("node '\(name)' has no shader to watch")
        }
        return InspectReport(node: name, width: image.size.width, height: image.size.height, format: image.descriptor.format,
                             x: request.x, y: request.y, frame: request.frame, rgba: rgba, watches: watches, warnings: composition.warnings)
    }

    /// Draws frames 0 to `frame` of `plan` and returns `node`'s image of the last.
    private static func render(_ plan: FramePlan, node: String, frame: Int, fps: Double, resources: GraphResources) throws(DiagnosticsError) -> RenderTarget {
        let executor = try GraphExecutor(plan: plan, resources: resources)
        executor.dateOrigin = .fixed(start: DateOrigin.renderStart)
        executor.frameInterval = 1 / fps
        do {
            for index in 0...frame { try executor.renderFrame(FrameTime(index: index, seconds: Double(index) / fps)) }
        } catch {
            throw DiagnosticsError([.error("frame \(frame): \(error.message)")])
        }
        guard let image = executor.image(of: node) else { throw DiagnosticsError([.error("node '\(node)' drew no image")]) }
        return image
    }

    /// The watch's value and runs at the pixel, each read from the frames drawn again with the node's shader
    /// instrumented into a float target.
    private static func read(_ watch: ShaderWatch, of node: String, file: String, in plan: FramePlan, at request: InspectRequest,
                             resources: GraphResources) -> InspectReport.Watch {
        var report = InspectReport.Watch(watch: watch, type: nil, value: nil, runs: 0, problem: nil)
        do throws(Diagnostic) {
            var readings: [WatchInstrumentation.Reading: [Float]] = [:]
            for reading in [WatchInstrumentation.Reading.runs, .value] {
                let watched = try plan.watching(watch, of: node, reading: reading)
                do throws(DiagnosticsError) {
                    let image = try render(watched, node: node, frame: request.frame, fps: request.framesPerSecond, resources: resources)
                    readings[reading] = image.readPixel(x: request.x, y: request.y)
                } catch {
                    let reason = error.diagnostics.first { $0.severity == .error }?.message ?? "it does not compile"
                    throw .error("watch: '\(watch.expression)' cannot be read after line \(watch.line): \(reason)",
                                 at: SourceLocation(file: file, line: watch.line))
                }
            }
            let runs = readings[.runs] ?? []
            report.runs = Int(runs.first ?? 0)
            let kind = Int(runs.count > 1 ? runs[1] : 0)
            if report.runs > 0 {
                report.type = ShaderWatch.typeName(ofKind: kind)
                report.value = Array((readings[.value] ?? []).prefix(ShaderWatch.componentCount(ofKind: kind)))
            }
        } catch {
            report.problem = error
        }
        return report
    }
}

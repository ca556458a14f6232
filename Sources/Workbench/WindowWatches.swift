import GPU
import ShaderGraph

/// The `// watch: EXPR` comments of the shown node's shader, read in the window while the pixel readout is on: each
/// watch draws the shown node and what it reads once more, with its shader instrumented (`WatchInstrumentation`)
/// into a float target, so the readout can say what the expression was at the pixel under the pointer and at the
/// pinned one, with how many times its line ran. The comments are in the user's file, so a save that moves a line
/// moves its watch with it. Nothing is drawn while the readout is off or the shader watches nothing.
final class WindowWatches {
    struct Reading {
        var watch: ShaderWatch
        /// What the readout says of it at the pixel.
        var text: String
    }

    private struct Instrumented {
        var watch: ShaderWatch
        var value: GraphExecutor?
        var runs: GraphExecutor?
        /// Why it cannot be read: an expression that does not compile at its line.
        var problem: String?
    }

    /// The watch shown over the whole image in false colour (W), by its place among the shader's watches.
    private(set) var shown: Int?
    /// What the watch shown is and its range, for the heads-up display.
    private(set) var caption: String?
    private var falseColour: WatchFalseColour?

    /// The graph and node the instrumented copies were made for.
    private var madeFor: (executor: ObjectIdentifier, node: String)?
    private var instrumented: [Instrumented] = []
    private let trace: TraceWriter?

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    /// Makes the instrumented copies for the shown node when the graph or the node changed, then draws them at
    /// `time`, the time of the frame just drawn.
    func render(_ session: LiveSession, at time: FrameTime) {
        guard let executor = session.executor else { return }
        let node = session.shownNode
        if madeFor.map({ $0.executor != ObjectIdentifier(executor) || $0.node != node }) ?? true {
            madeFor = (ObjectIdentifier(executor), node)
            instrumented = Self.instrument(executor, node: node, resources: session.resources)
            for entry in instrumented {
                trace?.record("watch-built", ["node": .string(node), "line": .integer(entry.watch.line), "ok": .bool(entry.problem == nil)])
            }
        }
        for index in instrumented.indices {
            do {
                try instrumented[index].value?.renderFrame(time)
                try instrumented[index].runs?.renderFrame(time)
            } catch {
                instrumented[index].problem = error.message
                instrumented[index].value = nil
                instrumented[index].runs = nil
            }
        }
    }

    /// W: the next watch, after the last the node's own image. The watches are read once one is asked for, so a
    /// first W finds out whether there are any.
    func showNext() {
        let next = (shown ?? -1) + 1
        shown = shown == nil || next < instrumented.count ? next : nil
        if shown == nil { caption = nil }
    }

    /// The watch shown (W) over the whole image of the frame just drawn, in false colour, to show in the node's
    /// place; nil with none shown. A shader without watches ends the showing, and `notice` says so.
    func shownImage(notice: (String) -> Void) throws(GPUError) -> RenderTarget? {
        guard let index = shown, let node = madeFor?.node else { return nil }
        guard instrumented.indices.contains(index) else {
            shown = nil
            caption = nil
            notice("no // watch: comments in \(node)'s shader")
            return nil
        }
        guard let value = instrumented[index].value?.image(of: node), let runs = instrumented[index].runs?.image(of: node) else { return nil }
        if falseColour == nil { falseColour = try WatchFalseColour() }
        guard let drawn = try falseColour?.draw(value: value, runs: runs) else { return nil }
        let watch = instrumented[index].watch
        let range = drawn.range.map { " from \(String(format4: $0.lowerBound)) to \(String(format4: $0.upperBound))" } ?? ", never ran"
        let text = "watch line \(watch.line): \(watch.expression) (\(drawn.type ?? "—"))\(range); W for the next"
        if text != caption { trace?.record("watch-shown", ["line": .integer(watch.line), "text": .string(text)]) }
        caption = text
        return drawn.image
    }

    /// What each watch was at the pixel (`x`, `y`) of the shown node's image, in the last frame drawn.
    func readings(x: Int, y: Int) -> [Reading] {
        guard let node = madeFor?.node else { return [] }
        return instrumented.map { entry in
            let head = "line \(entry.watch.line): \(entry.watch.expression)"
            if let problem = entry.problem { return Reading(watch: entry.watch, text: "\(head): \(problem)") }
            guard let runs = entry.runs?.image(of: node)?.readPixel(x: x, y: y), let value = entry.value?.image(of: node)?.readPixel(x: x, y: y),
                  runs.count > 1 else {
                return Reading(watch: entry.watch, text: "\(head): —")
            }
            let count = Int(runs[0]), kind = Int(runs[1])
            guard count > 0, let type = ShaderWatch.typeName(ofKind: kind) else {
                return Reading(watch: entry.watch, text: "\(head): the line did not run for this pixel")
            }
            let numbers = value.prefix(ShaderWatch.componentCount(ofKind: kind)).map { String(format4: $0) }.joined(separator: " ")
            return Reading(watch: entry.watch, text: "\(head) = \(type) \(numbers)  (ran \(count)×)")
        }
    }

    /// For each watch of `node`'s shader, the graph up to `node` twice over, its shader recording the value and
    /// the runs; programs come from and go into the session's resources.
    private static func instrument(_ executor: GraphExecutor, node: String, resources: GraphResources) -> [Instrumented] {
        guard case .shader(let shader)? = executor.composition.node(named: node)?.kind else { return [] }
        var composition = executor.composition
        // Only what the node reads runs again.
        composition.output = node
        return ShaderWatch.comments(in: shader.source).map { watch in
            var entry = Instrumented(watch: watch)
            let valuePlan: FramePlan, runsPlan: FramePlan
            do throws(Diagnostic) {
                let plan: FramePlan
                do throws(DiagnosticsError) { plan = try FramePlan(composition, fusing: false) } catch { throw error.diagnostics.first ?? .error("the graph cannot be planned") }
                valuePlan = try plan.watching(watch, of: node, reading: .value)
                runsPlan = try plan.watching(watch, of: node, reading: .runs)
            } catch {
                entry.problem = error.message
                return entry
            }
            do throws(DiagnosticsError) {
                entry.value = try GraphExecutor(plan: valuePlan, resources: resources)
                entry.runs = try GraphExecutor(plan: runsPlan, resources: resources)
            } catch {
                entry.problem = "cannot be read after line \(watch.line): " + (error.diagnostics.first { $0.severity == .error }?.message ?? "it does not compile")
            }
            return entry
        }
    }
}

import GPU
import ShaderGraph

/// The `// watch: EXPR` comments of the shown node's shader, read in the window while the pixel readout is on or a
/// watch is shown (W): each is drawn beside the node's own pass in the frame (`GraphExecutor.watch(_:of:)`), one
/// extra pass a watch and nothing upstream again, so the readout can say what the expression was at the pixel
/// under the pointer and at the pinned one, with how many times its line ran. The comments are in the user's file,
/// so a save that moves a line moves its watch with it. While watched, the node is drawn as a pass of its own, not
/// fused with its neighbours; nothing is drawn for watches while the readout is off or the shader watches nothing.
final class WindowWatches {
    struct Reading {
        var watch: ShaderWatch
        /// What the readout says of it at the pixel.
        var text: String
    }

    /// The watch shown (W) over the whole image in false colour, by its place among the shader's watches.
    private(set) var shown: Int?
    /// What the watch shown is and its range, for the heads-up display.
    private(set) var caption: String?
    private var falseColour: WatchFalseColour?

    /// The graph, node and watches the watch passes were made for.
    private var madeFor: (executor: ObjectIdentifier, node: String, watches: [ShaderWatch])?
    private var passes: [ShaderWatchPass] = []
    /// Set while the watched node waits for the graph that draws it as a pass of its own.
    private var waitingForPlan = false
    private let trace: TraceWriter?

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    /// Before a frame: watches the shown node's shader when `active` (the readout is on or a watch shown), else
    /// nothing. A node newly watched is planned as a pass of its own, which a reload brings in.
    func prepare(_ session: LiveSession, active: Bool) {
        let node = session.shownNode
        guard let composition = session.executor?.composition else { return }
        let watches = active ? Self.watches(of: node, in: composition) : []
        session.watchedNode = watches.isEmpty ? nil : node
        // That may have planned the graph again.
        guard let executor = session.executor else { return }
        guard madeFor.map({ $0.executor != ObjectIdentifier(executor) || $0.node != node || $0.watches != watches }) ?? !watches.isEmpty else { return }
        madeFor = (ObjectIdentifier(executor), node, watches)
        // Until the reload that draws the node on its own is in, the node may still be part of a fused program.
        waitingForPlan = !watches.isEmpty && !executor.plan.unfused.contains(node) && executor.composition.fuses
        passes = executor.watch(waitingForPlan ? [] : watches, of: node)
        for pass in passes {
            trace?.record("watch-built", ["node": .string(node), "line": .integer(pass.watch.line), "ok": .bool(pass.problem == nil)])
        }
    }

    /// W: the next watch, after the last the node's own image. The watches are read once one is asked for, so a
    /// first W finds out whether there are any.
    func showNext() {
        let next = (shown ?? -1) + 1
        shown = shown == nil || next < passes.count ? next : nil
        if shown == nil { caption = nil }
    }

    /// The watch shown (W) over the whole image of the frame just drawn, in false colour, to show in the node's
    /// place; nil with none shown. A shader without watches ends the showing, and `notice` says so.
    func shownImage(notice: (String) -> Void) throws(GPUError) -> RenderTarget? {
        guard let index = shown, let node = madeFor?.node, !waitingForPlan else { return nil }
        guard passes.indices.contains(index) else {
            shown = nil
            caption = nil
            notice("no // watch: comments in \(node)'s shader")
            return nil
        }
        let pass = passes[index]
        guard pass.problem == nil, pass.passCount > 0 else { return nil }
        if falseColour == nil { falseColour = try WatchFalseColour() }
        guard let drawn = try falseColour?.draw(pass) else { return nil }
        let watch = pass.watch
        let range = drawn.range.map { " from \(String(format4: $0.lowerBound)) to \(String(format4: $0.upperBound))" } ?? ", never ran"
        let where_ = pass.passCount > 1 ? " in pass \(drawn.pass)" : ""
        let text = "watch line \(watch.line): \(watch.expression) (\(drawn.type ?? "—"))\(where_)\(range); W for the next"
        if text != caption { trace?.record("watch-shown", ["line": .integer(watch.line), "text": .string(text)]) }
        caption = text
        return drawn.image
    }

    /// What each watch was at the pixel (`x`, `y`) of the shown node's image, in the last frame drawn.
    func readings(x: Int, y: Int) -> [Reading] {
        passes.map { pass in
            let head = "line \(pass.watch.line): \(pass.watch.expression)"
            if let problem = pass.problem {
                // The head names the watch already.
                let reason = problem.message.trimmingPrefix("watch: ").trimmingPrefix("'\(pass.watch.expression)' ")
                return Reading(watch: pass.watch, text: "\(head): \(reason)")
            }
            guard pass.passCount > 0 else { return Reading(watch: pass.watch, text: "\(head): —") }
            let reading = pass.reading(x: x, y: y)
            guard reading.runs > 0, let type = reading.type else {
                return Reading(watch: pass.watch, text: "\(head): the line did not run for this pixel")
            }
            let numbers = reading.value.map { String(format4: $0) }.joined(separator: " ")
            let where_ = reading.pass.map { ", in pass \($0)" } ?? ""
            return Reading(watch: pass.watch, text: "\(head) = \(type) \(numbers)  (ran \(reading.runs)×\(where_))")
        }
    }

    /// The watches of `node`'s shader: its `// watch:` comments.
    private static func watches(of node: String, in composition: Composition) -> [ShaderWatch] {
        guard case .shader(let shader)? = composition.node(named: node)?.kind else { return [] }
        return ShaderWatch.comments(in: shader.source)
    }
}

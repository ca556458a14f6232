import GPU
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// The watches of the shown node's shader, read in the window while the pixel readout is on or a watch is shown
/// (W): its `// watch: EXPR` comments and those added in the panel (`WatchEditor`). Each is drawn beside the node's
/// own pass in the frame (`GraphExecutor.watch(_:of:)`), one extra pass a watch and nothing upstream again, so the
/// readout can say what the expression was at the pixel under the pointer and at the pinned one, with how many
/// times its line ran. A comment is in the user's file, so a save that moves its line moves it; a watch added in
/// the panel follows its line's text through a save (`ShaderWatch.followed`), and is dropped, with a notice, when
/// no line has that text any more. While watched, the node is drawn as a pass of its own, not fused with its
/// neighbours; nothing is drawn for watches while the readout is off or the shader watches nothing.
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
    /// The watches added in the panel, by the file they watch, with the text they watch lines of.
    private var added: [String: (source: SourceText, watches: [ShaderWatch])] = [:]
    /// The `// watch:` comments last read, with the text they were read from: asked for every frame, read again
    /// only after a save.
    private var readComments: (text: String, watches: [ShaderWatch])?
    private let trace: TraceWriter?

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    /// Before a frame: watches the shown node's shader when `active` (the readout is on or a watch shown), else
    /// nothing. A node newly watched is planned as a pass of its own, which a reload brings in. `notice` is told of
    /// each added watch a save dropped.
    func prepare(_ session: LiveSession, active: Bool, notice: (String) -> Void) {
        let node = session.shownNode
        guard let composition = session.executor?.composition else { return }
        if let source = Self.source(of: node, in: composition) { follow(to: source, notice: notice) }
        let watches = active ? self.watches(of: node, in: composition) : []
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
            notice("no watches in \(node)'s shader: add a // watch: comment, or one in the panel (P)")
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

    /// The watches of `node`'s shader: its `// watch:` comments (of every kernel of a compute node), then those
    /// added in the panel.
    func watches(of node: String, in composition: Composition) -> [ShaderWatch] {
        guard let source = Self.source(of: node, in: composition) else { return [] }
        let comments = if case .compute(let kernel)? = composition.node(named: node)?.kind { comments(in: kernel) } else { comments(in: source) }
        return comments + addedWatches(of: source.path).filter { !comments.contains($0) }
    }

    /// The `// watch:` comments of `source`.
    func comments(in source: SourceText) -> [ShaderWatch] {
        if let readComments, readComments.text == source.text { return readComments.watches }
        let watches = ShaderWatch.comments(in: source)
        readComments = (source.text, watches)
        return watches
    }

    /// The `// watch:` comments of every kernel of a compute node.
    func comments(in kernel: ComputeKernel) -> [ShaderWatch] {
        let text = kernel.passes.map(\.source.text).joined(separator: "\u{0}")
        if let readComments, readComments.text == text { return readComments.watches }
        let watches = kernel.watchComments
        readComments = (text, watches)
        return watches
    }

    /// The watches added in the panel to the file at `path`.
    func addedWatches(of path: String) -> [ShaderWatch] {
        added[path]?.watches ?? []
    }

    /// Adds `watch`, on a line of `source`, to those the panel added.
    func add(_ watch: ShaderWatch, in source: SourceText) {
        var entry = added[source.path] ?? (source, [])
        guard !entry.watches.contains(watch) else { return }
        entry.watches.append(watch)
        added[source.path] = entry
        trace?.record("watch-added", ["file": .string(source.path), "line": .integer(watch.line), "expression": .string(watch.expression)])
    }

    func remove(_ watch: ShaderWatch, from path: String) {
        added[path]?.watches.removeAll { $0 == watch }
        trace?.record("watch-removed", ["file": .string(path), "line": .integer(watch.line), "expression": .string(watch.expression)])
    }

    /// The added watches of `source`'s file moved to the lines that now have their lines' text, after a save;
    /// those whose line is gone are dropped, each said once.
    private func follow(to source: SourceText, notice: (String) -> Void) {
        guard let entry = added[source.path], entry.source.text != source.text else { return }
        var kept: [ShaderWatch] = []
        for watch in entry.watches {
            if let moved = watch.followed(from: entry.source, to: source) {
                kept.append(moved)
                continue
            }
            let line = entry.source.line(watch.line)?.trimmingCharacters(in: .whitespaces) ?? ""
            let message = "watch '\(watch.expression)' dropped: no line reads '\(line)' any more"
            StandardStreams.error(Diagnostic.warning(message, at: SourceLocation(file: source.path, line: watch.line), code: .watch).rendered() + "\n")
            notice("\(message) (line \(watch.line))")
            trace?.record("watch-dropped", ["file": .string(source.path), "line": .integer(watch.line), "expression": .string(watch.expression)])
        }
        added[source.path] = (source, kept)
    }

    /// The text of `node`'s shader, if it has one: a compute node's first kernel, which the panel adds watches to.
    static func source(of node: String, in composition: Composition) -> SourceText? {
        switch composition.node(named: node)?.kind {
        case .shader(let shader)?: shader.source
        case .compute(let kernel)?: kernel.passes[0].source
        default: nil
        }
    }
}

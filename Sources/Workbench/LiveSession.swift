import GPU
import LiveSources
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import Synchronization
import Watch

/// A composition being worked on: the last good executor keeps rendering while edits are watched,
/// compiled off the frame path and swapped in only once everything they need has linked.
final class LiveSession {
    private(set) var path: String
    private let input: LiveInput?
    private let overrides: [ParameterOverride]
    private let includeFolders: [String]
    /// The shaders named after a model file opened on its own, which every reload opens it with.
    let stages: [String]
    private let fusing: Bool
    private let precision: ShaderPrecision?
    let resources = GraphResources(sources: StandardFrameSources(capturesSound: true))
    /// Camera frames that arrived, counted on capture threads; the loop redraws when the count moves.
    let cameraFrames = ArrivalCounter()

    final class ArrivalCounter: Sendable {
        private let count = Atomic<Int>(0)
        func increment() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }
    /// Model files read in the background that came in (or failed), counted on their threads, and the count
    /// the last load saw: a new one loads again.
    private let modelsRead = ArrivalCounter()
    private var modelsSeen = 0
    private let compiler: BackgroundCompiler
    private let listener: SaveListener
    let trace: TraceWriter?

    /// The last good graph; nil only until the first composition loads.
    private(set) var executor: GraphExecutor?
    /// The composition the last good graph was built from, as loaded (with `--set`), before tuned values.
    private(set) var loadedComposition: Composition?
    /// Its published parameters, as the panel offers them.
    private(set) var parameters: [TunableParameter] = []
    /// Values tuned in the panel, and their undo history.
    var tuning = ParameterTuning()
    /// The cameras the orbit camera moved, by draw node, until Ctrl-S writes them or C puts them back.
    var orbitedCameras: [String: SceneCamera] = [:]
    var history = ParameterHistory()
    /// Keys edited on the timeline or recorded, played over the composition's until they are saved.
    var keyEdits = KeyEdits()
    /// The take being recorded (Ctrl-R), and the clock's time as a value arrives (nil while paused: nothing is taken).
    var take: KeyTake?
    var takeSeconds: () -> Double? = { nil }
    /// MIDI controls learned in the panel, in effect over the composition's own of the same key.
    var learnedControls: [ControlMapping] = []
    /// The keys of learned controls not written into the composition yet (Ctrl-S).
    var unsavedControls: Set<String> = []
    /// Events pressed in the panel, true for the next frame only.
    var pulsing: [TunableParameter] = []
    /// Parameters already warned about for a value that is not a finite number: said once, however often a
    /// field or a controller repeats it.
    var refusedNonFinite: Set<String> = []
    /// Told the path of each file that changed on disk (a movie whose soundtrack plays).
    var fileChanged: (String) -> Void = { _ in }
    /// What the window itself last wrote to a file, by path: a save of its own is not reloaded.
    var ownSaves: [String: [UInt8]] = [:]

    /// Problems with the latest edit, shown over the last good output; empty when it is good.
    private(set) var diagnostics: [Diagnostic] = []
    /// The composition's warnings as last printed: a reload that leaves them as they were says nothing again.
    private var printedWarnings: [Diagnostic] = []
    /// The node shown; nil shows the output.
    var viewedNode: String?
    /// The node whose shader is watched (`WindowWatches`), drawn as a pass of its own rather than fused with its
    /// neighbours, so its watches can be drawn beside it; changing it plans the graph again.
    var watchedNode: String? {
        didSet { if watchedNode != oldValue { reload(reason: "view") } }
    }
    /// A library filter running on the image of a node, shown while it is chosen (L).
    var filterPreview: FilterPreview?
    var files: Set<String> = []
    private var generation = 0
    private var pending: PendingReload?

    /// An edit waiting for its programs from the background compiler.
    private struct PendingReload {
        var generation: Int
        var composition: Composition
        var waitingFor: Set<String>
        var failures: [Diagnostic] = []
    }

    /// How long a finished save must stay untouched before it is read. A save is only reported once its
    /// writer has closed the file or renamed it into place, so this only has to gather the saves of a
    /// burst (a script, a checkout): short, because it adds to every reload's latency.
    static let quietPeriod = Duration.milliseconds(3)
    /// How long a file that went away waits for its return before the graph is told it is missing:
    /// editors that delete, or rename away, before writing anew put it back within this.
    static let absencePeriod = Duration.milliseconds(100)

    init(path: String, stages: [String] = [], input: LiveInput?, overrides: [ParameterOverride] = [], includeFolders: [String] = [], fusing: Bool = true,
         precision: ShaderPrecision? = nil, compiler: BackgroundCompiler, trace: TraceWriter?) throws(WindowError) {
        self.path = path
        self.stages = stages
        self.fusing = fusing
        self.precision = precision
        self.includeFolders = includeFolders
        self.input = input
        self.overrides = overrides
        self.compiler = compiler
        self.trace = trace
        resources.frameArrived = { [cameraFrames] in
            cameraFrames.increment()
            GLFWWindow.wake()
        }
        ModelImport.readInBackground { [modelsRead] in
            modelsRead.increment()
            GLFWWindow.wake()
        }
        do {
            listener = try SaveListener(paths: [path], quietPeriod: Self.quietPeriod, absencePeriod: Self.absencePeriod,
                                        wake: { GLFWWindow.wake() })
        } catch {
            throw WindowError("Cannot watch \(path) for changes: \(error).")
        }
        reload(reason: "open")
    }

    /// Stops watching files; nothing is reloaded after this.
    func close() {
        listener.stop()
        ModelImport.readInBackground(nil)
    }

    /// True while an edit is compiling in the background.
    var isCompiling: Bool { pending != nil }

    /// How what is shown changes with time alone, so frames must keep coming: the node shown, or with the grid
    /// or the graph open (`everyNode`) any node. What a node reads is worked out from its linked program (see
    /// `GraphExecutor.motion`): a shader that never samples a moving input or reads the time is still, and one
    /// that moves only with its movies changes at their rate. A camera's frames wake the loop as they arrive instead.
    func motion(everyNode: Bool) -> GraphExecutor.Motion {
        guard let executor else { return .still }
        return everyNode ? executor.motionOfEveryStep : executor.motion(of: shownNode)
    }

    /// Takes the movies' frames for `time`; whether any is new, so a frame must show it.
    func takeMovieFrames(at time: FrameTime) -> Bool {
        executor?.takeMovieFrames(at: time) ?? false
    }

    /// Whether a camera feeds the graph, so the loop looks at its state now and then even when no frame comes.
    var hasCamera: Bool { executor?.hasCamera ?? false }

    /// What the cameras and movies say (unplugged, busy, the pattern standing in), for the heads-up display.
    var pictureNotices: [Diagnostic] { executor?.pictureNotices ?? [] }

    /// What the sound says (no capture device, capture stopped), for the heads-up display.
    var soundNotices: [Diagnostic] { executor?.soundNotices ?? [] }

    /// Frames the movies' decoders made too late to be shown.
    var movieFramesDropped: Int {
        executor?.movies.values.reduce(0) { $0 + $1.framesDropped } ?? 0
    }

    /// How far Left and Right step the clock while paused: one frame of the first movie at its speed, else
    /// one frame at 60 frames a second.
    var frameStep: Double {
        guard let executor else { return 1.0 / 60 }
        for node in executor.composition.nodes {
            if case .movie(let movie) = node.kind, let interval = executor.movies[node.name]?.frameInterval {
                return interval / movie.speed
            }
        }
        return 1.0 / 60
    }

    /// Opens another composition or shader (dropped onto the window).
    func open(_ newPath: String) {
        path = newPath
        viewedNode = nil
        filterPreview = nil
        tuning.removeAll()
        keyEdits.removeAll()
        history.removeAll()
        reload(reason: "open")
    }

    /// Works on `composition` from now on, which the window wrote to say what is shown (a lone shader's
    /// tuned values saved beside it): it is watched, and nothing is reloaded.
    /// The composition's file now says `saved`: what it says is what tuning compares against from now on, as a
    /// reload of the file would have it, without reading again what the session wrote itself.
    func takeSavedValues(_ saved: [ParameterOverride]) {
        guard var composition = loadedComposition, (try? ParameterOverride.apply(saved, to: &composition)) != nil else { return }
        loadedComposition = composition
        parameters = TunableParameter.all(in: composition, renderSize: executor?.renderSize ?? .standard)
    }

    /// The composition's file now has the edited keys: they are its keys from now on, as a reload would read them.
    func takeSavedKeys() {
        guard let composition = loadedComposition else { return }
        loadedComposition = keyEdits.applied(to: composition, parameters: keyableParameters)
        keyEdits.removeAll()
    }

    func adopt(_ composition: String) {
        path = composition
        watch(files.union([composition]))
    }

    /// Reads the composition again and rebuilds what changed; `R` does this by hand.
    func reload(reason: String) {
        generation += 1
        trace?.record("reload", ["reason": .string(reason)])
        // This edit supersedes one still compiling: that one's programs are kept as they arrive, but it
        // never swaps in, so it cannot clear the errors of a newer, broken edit.
        pending = nil
        compiler.dropQueued()
        let composition: Composition
        do {
            composition = try previewed(CompositionOpener.open(path: path, stages: stages, input: input, overrides: overrides, includeFolders: includeFolders, fusing: fusing,
                                                                 precision: precision))
        } catch {
            fail(error.diagnostics, reason: reason)
            // Keep watching what the last good graph used, whatever the broken one names, and the shaders a model was
            // opened with, so fixing any of them reloads.
            watch(files.union(ReferencedFiles.of(compositionAt: path)).union(stages))
            return
        }
        watch(Set(composition.files))
        if composition.warnings != printedWarnings {
            for warning in composition.warnings { StandardStreams.error(warning.rendered() + "\n") }
            printedWarnings = composition.warnings
        }
        let keeping = keptNodes(of: composition)
        let jobs: [BackgroundCompiler.Job]
        do {
            jobs = try compileJobs(for: composition, keeping: keeping)
        } catch {
            fail(error.diagnostics, reason: reason)
            return
        }
        if jobs.isEmpty {
            swap(to: composition)
            return
        }
        for job in jobs {
            trace?.record("compile-start", ["node": .string(job.node), "file": .string(job.shader.source.path), "generation": .integer(generation)])
        }
        pending = PendingReload(generation: generation, composition: composition, waitingFor: Set(jobs.map(\.node)))
        compiler.submit(jobs)
    }

    /// The programs this composition needs that no earlier build left behind.
    private func compileJobs(for composition: Composition, keeping: Set<String>) throws(DiagnosticsError) -> [BackgroundCompiler.Job] {
        let plan = try FramePlan(composition, keeping: keeping, unfused: watchedNode.map { [$0] } ?? [],
                                 convertingFrames: FrameConverter.convertsInReaders)
        return plan.passes.compactMap { node, pass -> BackgroundCompiler.Job? in
            guard !resources.hasProgram(for: pass.shader, node: node.name) else { return nil }
            return BackgroundCompiler.Job(generation: generation, node: node.name, shader: pass.shader,
                                          layout: layout(of: node.name, pass: pass, in: composition))
        }
    }

    /// The pass's layout as the running graph has it, or, for a node it lacks, its likely one: the
    /// composition's size, inputs of that size sampled one to one.
    private func layout(of node: String, pass: PassPlan, in composition: Composition) -> ProgramWarmUp.Layout {
        if let layout = executor?.layout(of: node) { return layout }
        let size = pass.size ?? composition.size ?? executor?.renderSize ?? .standard
        let inputs = pass.interface.samplers.map { _ in
            ProgramWarmUp.Layout.Input(texture: TextureDescriptor(size: size), linearFilter: false)
        }
        return ProgramWarmUp.Layout(target: TextureDescriptor(size: size, format: pass.format), inputs: inputs)
    }

    /// Takes finished compiles; when an edit's last program is in, swaps it in or reports why not.
    func collectCompiles() {
        for result in compiler.collect() {
            let milliseconds = Self.milliseconds(result.finished - result.started)
            switch result.outcome {
            case .success(let linked):
                let program = ShaderProgram(adopting: linked, shader: result.job.shader)
                resources.adopt(program, node: result.job.node)
                trace?.record("compile-end", ["node": .string(result.job.node), "ok": .bool(true), "program": .integer(program.identifier),
                                              "milliseconds": .number(milliseconds)])
            case .failure(let error):
                trace?.record("compile-end", ["node": .string(result.job.node), "ok": .bool(false), "milliseconds": .number(milliseconds)])
                if result.job.generation == pending?.generation {
                    pending?.failures += error.diagnostics.map { $0.naming(node: result.job.node) }
                }
            }
            if result.job.generation == pending?.generation {
                pending?.waitingFor.remove(result.job.node)
            }
        }
        guard let finished = pending, finished.waitingFor.isEmpty else { return }
        pending = nil
        if finished.failures.isEmpty {
            swap(to: finished.composition)
        } else {
            fail(finished.failures, reason: "compile")
        }
    }

    /// Builds the executor for an edit whose programs are all ready, with the values tuned so far, and makes
    /// it the one that renders.
    private func swap(to composition: Composition) {
        do {
            let next = try build(composition)
            let previous = executor
            executor = next
            loadedComposition = composition
            parameters = TunableParameter.all(in: composition, renderSize: next.renderSize)
            resources.keepOnly(whatIsUsedBy: next)
            if viewedNode.map({ composition.node(named: $0) == nil }) ?? false { viewedNode = nil }
            for (node, program) in next.programs where previous?.programs[node] !== program {
                trace?.record("program-swapped", ["node": .string(node), "program": .integer(program.identifier)])
            }
            let previousKernels = previous?.kernelTexts ?? [:]
            for (node, texts) in next.kernelTexts.sorted(by: { $0.key < $1.key }) where previousKernels[node] != texts {
                trace?.record("program-swapped", ["node": .string(node), "program": .integer(texts.joined().hashValue)])
            }
            if !diagnostics.isEmpty {
                diagnostics = []
                StandardStreams.error("\(path): ok, errors cleared\n")
            }
        } catch {
            fail(error.diagnostics, reason: "build")
        }
    }

    /// The moved cameras, written into the composition, become its own: C goes back to them now.
    func adoptOrbitedCameras() {
        guard var composition = loadedComposition else { return }
        applyOrbitedCameras(to: &composition)
        loadedComposition = composition
        orbitedCameras = [:]
    }

    /// Runs `next`, built from the same composition with other values, in place of the current graph.
    func replaceExecutor(with next: GraphExecutor) {
        executor = next
        resources.keepOnly(whatIsUsedBy: next)
    }

    /// An executor for `composition` with the tuned values that still apply to it, then `overrides`. Programs
    /// come from what was compiled before, so nothing compiles here.
    func build(_ composition: Composition, overrides: [ParameterOverride] = []) throws(DiagnosticsError) -> GraphExecutor {
        let offered = TunableParameter.all(in: composition, renderSize: .standard)
        var tuned = keyEdits.applied(to: composition, parameters: TunableParameter.keyable(in: composition, renderSize: .standard))
        // A take plays what its gestures set in place of the keys it records over; other keys play on, and a
        // keyed parameter's tuned value waits in the tuning for K to key it.
        let performed = Set(take.map { Array($0.samples.keys) } ?? [])
        tuned.animation.removeAll { performed.contains($0.reference.description) }
        let keyed = Set(tuned.animation.map(\.reference.description))
        try ParameterOverride.apply(tuning.reconcile(with: offered).filter { !keyed.contains($0.name) } + overrides, to: &tuned)
        applyOrbitedCameras(to: &tuned)
        let plan = try FramePlan(tuned, keeping: keptNodes(of: composition), unfused: watchedNode.map { [$0] } ?? [],
                                 convertingFrames: FrameConverter.convertsInReaders)
        return try GraphExecutor(plan: plan, resources: resources)
    }

    private func fail(_ problems: [Diagnostic], reason: String) {
        diagnostics = problems
        trace?.record("reload-failed", ["reason": .string(reason), "errors": .integer(problems.count)])
        for diagnostic in problems {
            StandardStreams.error(diagnostic.rendered() + "\n")
        }
    }

    func watch(_ paths: Set<String>) {
        guard paths != files else { return }
        do {
            try listener.update(paths: paths)
            files = paths
        } catch {
            StandardStreams.error("warning: \(error)\n")
        }
    }

    /// Reacts to settled saves: images are re-read, and any change rebuilds what it touched.
    func takeSaves() {
        let read = modelsRead.value
        if read != modelsSeen {
            // A model read in the background is in (or failed): the load that waited for it runs again.
            modelsSeen = read
            reload(reason: "model read")
        }
        let changes = listener.takeChanges().filter { change in
            guard let written = ownSaves[change.path], written == change.contents else { return true }
            ownSaves[change.path] = nil
            return false
        }
        guard !changes.isEmpty else { return }
        for change in changes {
            trace?.record("file-changed", ["path": .string(change.path), "kind": .string("\(change.kind)")])
            resources.forgetImage(at: change.path)
            resources.forgetMovie(at: change.path)
            fileChanged(change.path)
        }
        reload(reason: "change")
    }

    /// Shows the next (or previous) node that makes an image; the output comes after the last.
    func cycleViewedNode(backwards: Bool) {
        let images = imageNodes
        guard let index = images.firstIndex(of: shownNode), !images.isEmpty else { return }
        show(images[(index + (backwards ? images.count - 1 : 1)) % images.count])
    }

    /// Shows `node`'s image in place of the output's.
    func show(_ node: String) {
        guard let executor, node != shownNode else { return }
        viewedNode = node == executor.composition.output ? nil : node
        reload(reason: "view")
    }

    /// The nodes that make an image, in the composition's order.
    var imageNodes: [String] {
        executor?.composition.nodes.filter { $0.output == .image }.map(\.name) ?? []
    }

    /// Whether every image node's image is kept after each frame, for the grid of every node, rather than
    /// only the one shown; nodes the output does not need then run too.
    private(set) var keepsEveryImage = false

    func keepEveryImage(_ keep: Bool) {
        guard keep != keepsEveryImage else { return }
        keepsEveryImage = keep
        reload(reason: "view")
    }

    /// The nodes whose images must outlive a frame of `composition`, besides its output.
    private func keptNodes(of composition: Composition) -> Set<String> {
        // Values sent over OSC run whether the output needs them or not.
        let sent = Set(composition.oscOutput?.values ?? [])
        if keepsEveryImage { return Set(composition.nodes.filter { $0.output == .image }.map(\.name)).union(sent) }
        return (viewedNode.flatMap { composition.node(named: $0) != nil ? Set([$0]) : nil } ?? []).union(sent)
    }

    /// The node whose image is on screen.
    var shownNode: String { viewedNode ?? executor?.composition.output ?? "" }

    /// The size of the shown node's image, once a frame has drawn it.
    var shownImageSize: PixelSize? { executor?.image(of: shownNode)?.size }

    /// Renders a frame of the last good graph and returns the image to show.
    func render(_ time: FrameTime) throws(GPUError) -> RenderTarget? {
        guard let executor else { return nil }
        let output = try executor.renderFrame(time)
        if let viewedNode, let image = executor.image(of: viewedNode) { return image }
        return output
    }

    /// The identifiers of the programs the current graph draws with, for the trace.
    var programIdentifiers: [Int] {
        (executor?.programs.values.map(\.identifier) ?? []).sorted()
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

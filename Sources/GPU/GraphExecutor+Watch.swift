import CGLES
import ShaderGraph
import ShaderLanguage

/// Watched expressions of one node's shader, drawn beside its pass in every frame (`ShaderWatchPass`): one extra
/// pass for each watch, for that node only, and none while nothing is watched. A compute node's kernels are
/// watched in their own run instead (`ComputeStep.watch`).
extension GraphExecutor {
    /// Draws each of `watches` beside `node`'s pass from the next frame on, in place of whatever was watched
    /// before; an empty list watches nothing. Each that cannot be drawn says why in its `problem`, and the graph
    /// draws on as before.
    @discardableResult
    public func watch(_ watches: [ShaderWatch], of node: String) -> [ShaderWatchPass] {
        watchPasses = []
        frame.watchedStep = nil
        for step in steps { (step.work as? ComputeStep)?.watchedPasses = [:] }
        guard !watches.isEmpty, let index = plan.step(named: node) else { return [] }
        let planned = plan.steps[index]
        if let kernels = steps[index].work as? ComputeStep {
            watchPasses = kernels.watch(watches, node: planned.node, writer: &frame.uniformWriter)
            frame.watchedStep = index
            return watchPasses
        }
        guard case .pass(let pass) = planned.work, let main = steps[index].work as? ShaderStep, pass.shader.fusedMembers.isEmpty else {
            let problem = Diagnostic.error("node '\(node)' draws no shader pass of its own to watch (it is drawn as one program with the nodes around it)",
                                           at: planned.node.location, code: .watch)
            return watches.map { ShaderWatchPass(watch: $0, problem: problem, pass: nil, targets: [], nodeSize: renderSize) }
        }
        watchPasses = watches.map { watchPass(for: $0, of: planned.node, pass: pass, beside: main, at: index) }
        frame.watchedStep = index
        return watchPasses
    }

    /// The watch's instrumented pass, bound as the node's own is, with the node's inputs.
    private func watchPass(for watch: ShaderWatch, of node: Node, pass: PassPlan, beside main: ShaderStep, at index: Int) -> ShaderWatchPass {
        let location = SourceLocation(file: pass.shader.source.path, line: watch.line)
        let instrumented: PassPlan
        do throws(Diagnostic) {
            instrumented = try pass.watching(watch)
        } catch {
            return ShaderWatchPass(watch: watch, problem: error, pass: nil, targets: [], nodeSize: main.target.size)
        }
        var sounds: [Int: any SoundSource] = [:]
        for (step, executable) in steps.enumerated() {
            if let sound = executable.work as? SoundStep { sounds[step] = sound.source }
        }
        do throws(DiagnosticsError) {
            let program = try resources.program(for: instrumented.shader, node: node.name)
            var bound = try ShaderStep.bind(instrumented, node: node, program: program, size: main.target.size, sizes: descriptors.map(\.size),
                                            formats: descriptors.map(\.format), sounds: sounds, resources: resources, beside: main,
                                            writer: &frame.uniformWriter)
            // The node's own pass has laid its inputs onto its shape already.
            bound.inputs = main.inputs
            if let chain = main.isfPasses {
                for (name, unit) in chain.namedImages { glUniform1i(program.uniformLocation(name), GLint(unit)) }
            }
            var targets: [WatchTargets] = []
            do throws(GPUError) {
                for size in main.isfPasses?.passSizes ?? [main.target.size] { targets.append(try WatchTargets(size: size)) }
            } catch {
                throw DiagnosticsError([.error("watch: \(error.message)", at: location)])
            }
            return ShaderWatchPass(watch: watch, problem: nil, pass: bound, targets: targets, nodeSize: main.target.size)
        } catch {
            // The words about the watch's own line (a source string of its own, so no line of the file), before any
            // about the user's lines: the driver's, or the desktop reading's where the node's shader only runs
            // translated from desktop GLSL.
            let aboutWatch = error.diagnostics.flatMap { [$0] + $0.notes }.filter { $0.location?.line == 0 && $0.severity != .warning }
            let desktop = aboutWatch.first { $0.severity == .note }
            let about = main.program.translatedFromDesktopGLSL ? desktop ?? aboutWatch.first : aboutWatch.first { $0.severity != .note } ?? desktop
            let reason = (about ?? error.diagnostics.first { $0.severity == .error })?.message ?? "it does not compile"
            return ShaderWatchPass(watch: watch, problem: .error("watch: '\(watch.expression)' cannot be read after line \(watch.line): \(reason)",
                                                                     at: location, code: .watch),
                                   pass: nil, targets: [], nodeSize: main.target.size)
        }
    }
}

import GPU
import LiveSources
import ShaderGraph
import ShaderLanguage

/// Validates a composition and compiles every shader in it headless, unused ones included: CI for shaders.
public enum CheckJob {
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic]
        public var shaderCount: Int
        /// The frame plan as `check --plan` prints it, once everything compiled.
        public var plan: String?

        public var passed: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    public static func run(composition path: String, stages: [String] = [], input: LiveInput? = nil, overrides: [ParameterOverride] = [],
                           includeFolders: [String] = [], fusing: Bool = true, precision: ShaderPrecision? = nil) -> Report {
        let composition: Composition
        do {
            composition = try CompositionOpener.open(path: path, stages: stages, input: input, overrides: overrides, includeFolders: includeFolders, fusing: fusing,
                                                     precision: precision)
        } catch {
            return Report(diagnostics: error.diagnostics, shaderCount: 0)
        }
        // A compute node compiles a program per pass; a draw node one of its two stages.
        let shaderCount = composition.nodes.reduce(0) { count, node in
            switch node.kind {
            case .shader, .draw: count + 1
            case .compute(let kernel): count + kernel.passes.count
            default: count
            }
        }
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch {
            return Report(diagnostics: composition.warnings + [.error("cannot start headless rendering: \(error.message)")], shaderCount: shaderCount)
        }
        defer { withExtendedLifetime(context) {} }
        do {
            // Keeping every node makes the executor build all of them, not only those the output needs, each on
            // its own; then the programs that draw several nodes as one are built too.
            let resources = GraphResources(sources: StandardFrameSources(verifiesMovies: true, busyCameraIsAnError: true))
            _ = try GraphExecutor(composition: composition, keeping: Set(composition.nodes.map(\.name)), resources: resources)
            let plan = try FramePlan(composition, convertingFrames: FrameConverter.convertsInReaders)
            _ = try GraphExecutor(plan: plan, resources: resources)
            let written = FrameReadbacks.packsInOutputPass
                ? try FramePlan(composition, convertingFrames: FrameConverter.convertsInReaders, packingOutput: YUV420Packing(.bt709)) : nil
            let rangeWarnings = [plan.inexactRange(from: nil)].compactMap { $0 }
            return Report(diagnostics: composition.warnings + rangeWarnings, shaderCount: shaderCount,
                          plan: PlanDescription.text(of: plan, written: written))
        } catch {
            return Report(diagnostics: composition.warnings + error.diagnostics, shaderCount: shaderCount)
        }
    }
}

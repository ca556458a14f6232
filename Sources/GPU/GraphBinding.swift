import ShaderGraph
import ShaderLanguage

/// Binds a frame plan to GL, once per graph: loads its images, opens its cameras and movies, links its
/// programs, puts samplers on units, writes literal uniforms (a program keeps its uniform values) and works
/// out the render size. Each step binds as its kind's type says (`BoundStep`, chosen by
/// `FramePlan.Work.stepType`); what a frame then does is only bind, set wired values and draw.
struct GraphBinding {
    var steps: [ExecutableStep] = []
    var renderSize: PixelSize
    /// The size of the output's image: the output node's own where it has one, else the render size.
    var outputSize: PixelSize
    /// The linked program of each shader and pattern node, by node name.
    var programs: [String: ShaderProgram]
    /// The texture each step's image is, for describing passes' inputs.
    var descriptors: [TextureDescriptor] = []

    /// Problems in the user's files come back together as one `DiagnosticsError`. `externalImages` stand for
    /// source nodes whose pixels an embedding app supplies, by node name.
    init(_ plan: FramePlan, renderSize requested: PixelSize?, resources: GraphResources,
         externalImages: [String: RenderTarget], writer: inout UniformWriter) throws(DiagnosticsError) {
        var diagnostics: [Diagnostic] = []
        let (types, sources) = Self.openSources(plan, renderSize: requested, resources: resources, externalImages: externalImages,
                                                diagnostics: &diagnostics)
        let size = requested ?? Self.renderSize(plan, sources: sources)
        renderSize = size
        guard size.isWithinBudget else {
            // Only an image this large can make it so; a composition's own size is refused as it loads.
            throw DiagnosticsError(diagnostics + [.error("the render size \(size), taken from the first image, is \(PixelSize.overBudget); give the composition a smaller 'size'",
                                                         at: SourceLocation(file: plan.composition.path, line: 1, column: 1), code: .wrongValue)])
        }

        var sizes: [PixelSize] = []
        /// Each step's texture format, for the reshapers of the passes that read it.
        var formats: [PixelFormat] = []
        // A pass may read the previous frame of a pass drawn after it, whose size and format are its plan's.
        let planned = plan.steps.map { $0.work.stepType.plannedTexture(of: $0, renderSize: size) }
        var binding = StepBinding(renderSize: size, sounds: sources.compactMapValues(\.sound), resources: resources, writer: writer,
                                  framesConvertedInReaders: Set(plan.passes.compactMap(\.pass.convertedFrame?.source)), diagnostics: diagnostics)
        for (index, step) in plan.steps.enumerated() {
            binding.index = index
            binding.sizes = sizes + planned[index...].map(\.size)
            binding.formats = formats + planned[index...].map(\.format)
            let (work, stepSize) = types[index].bind(step, opened: sources[index], in: &binding)
            let executable = work.map { ExecutableStep(work: $0, releases: step.releases) }
            sizes.append(stepSize)
            formats.append(executable?.work.descriptor(orSize: stepSize).format ?? .rgba8)
            if let executable { steps.append(executable) }
        }
        writer = binding.writer
        programs = binding.programs
        guard binding.diagnostics.isEmpty, steps.count == plan.steps.count else { throw DiagnosticsError(binding.diagnostics) }
        outputSize = sizes[plan.output]
        descriptors = zip(steps, sizes).map { $0.work.descriptor(orSize: $1) }
    }

    /// Each step's type, and its source's pixels (`BoundStep.open`) by step; what cannot be opened goes into
    /// `diagnostics`. A step whose pixels an app supplies is an image step, whatever its kind.
    private static func openSources(_ plan: FramePlan, renderSize requested: PixelSize?, resources: GraphResources,
                                    externalImages: [String: RenderTarget],
                                    diagnostics: inout [Diagnostic]) -> (types: [any BoundStep.Type], sources: [Int: any OpenedSource]) {
        var types: [any BoundStep.Type] = []
        var sources: [Int: any OpenedSource] = [:]
        for (index, step) in plan.steps.enumerated() {
            if let external = externalImages[step.node.name] {
                types.append(ImageStep.self)
                sources[index] = ImageStep.Opened(target: external)
                continue
            }
            let type = step.work.stepType
            types.append(type)
            do {
                sources[index] = try type.open(step, composition: plan.composition, renderSize: requested, resources: resources)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        return (types, sources)
    }

    /// The plan's rule for the render size, with the sources' sizes now known.
    private static func renderSize(_ plan: FramePlan, sources: [Int: any OpenedSource]) -> PixelSize {
        switch plan.renderSize {
        case .fixed(let size):
            return size
        case .firstSource(let candidates):
            let first = candidates.lazy.compactMap { index -> PixelSize? in
                if let size = sources[index]?.size { return size }
                let step = plan.steps[index]
                return step.work.stepType.requestedSize(of: step)
            }.first
            return first ?? .standard
        }
    }
}

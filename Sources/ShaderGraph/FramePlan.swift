import ShaderLanguage

/// What one frame of a composition does, settled before anything runs: the nodes that matter in dependency
/// order, each as the work it does with every reference resolved to a step index, and after each step which
/// pooled images nobody reads any more. The graph executor binds and runs this plan, and both exporters print
/// it; nothing downstream works the graph out again.
public struct FramePlan: Sendable {
    public struct Step: Sendable {
        public var node: Node
        public var work: Work
        /// Steps whose pooled image can go back to the pool once this step has run.
        public var releases: [Int]
    }

    public enum Work: Sendable {
        case image(ImageSource)
        case sequence(ImageSequence)
        case pattern(PatternSource)
        case camera(CameraSource)
        case movie(MovieSource)
        case audio(AudioSource)
        case pass(PassPlan)
        case compute(ComputePlan)
        case draw(DrawPlan)
        /// The depth buffer of the draw step `input`, copied after it drew.
        case depth(input: Int)
        case constant([Float])
        case time
        case reduction(Reduction, input: Int)
        case operation(OperationPlan)
        case oscillator(Oscillator)
        case mouse
        case key(String)
        case keyboard(KeyboardLayout)
        case pick(PickedColour, input: Int)
        case drag(DraggedValue)
        case curve(KeyedCurve)
        /// Elements of the storage buffer of the compute step `input`, read after it ran.
        case bufferValue(BufferRead, input: Int)
    }

    /// How the frame's size is found when nothing asks for one: the composition's own, else the size of the
    /// first of these source steps (in the file's order) that has one, else the standard size.
    public enum RenderSize: Sendable {
        case fixed(PixelSize)
        case firstSource([Int])
    }

    /// The composition planned, with wires that read published parameters replaced by what they read.
    public let composition: Composition
    public var steps: [Step]
    public var renderSize: RenderSize
    /// The step whose image is the frame's result.
    public var output: Int
    /// Nodes whose images must outlive the frame (the output, a node being viewed).
    public let kept: Set<String>
    /// Shader nodes drawn as passes of their own even in a fused plan (a node whose shader is watched).
    public let unfused: Set<String>
    /// The published parameters with their starting values and ranges, as the planned composition sets them.
    public let parameters: [PlannedParameter]
    /// Whether a camera's or movie's frame read at its own pixel by one colour filter is converted in that
    /// filter's program, fused as a pass before it would be: for a renderer that converts frames on the GPU.
    public let convertsFramesInReaders: Bool
    /// Set where the frame is read back as YUV planes: the output's pass, with the colour filters before it,
    /// draws them itself where it can (`PassPlan.packing`, `packedChain`).
    public let outputPacking: YUV420Packing?

    /// `keeping` adds nodes to keep beyond the output; nodes that nothing kept depends on are left out.
    /// `fusing` draws chains of colour filters as one pass each (`fused()`), unless the composition says
    /// `fuse: false`, except the nodes named in `unfused`; `convertingFrames` fuses frames' conversions too
    /// (`convertsFramesInReaders`), and `packingOutput` the output's planes (`outputPacking`).
    public init(_ original: Composition, keeping extra: Set<String> = [], fusing: Bool = true, unfused: Set<String> = [],
                convertingFrames: Bool = false, packingOutput: YUV420Packing? = nil) throws(DiagnosticsError) {
        let composition = PublishedParameters.inline(original.withCurvesWired)
        self.composition = composition
        convertsFramesInReaders = convertingFrames
        outputPacking = packingOutput
        parameters = PlannedParameter.all(in: composition)
        let order: [String]
        switch GraphOrder.sorted(composition) {
        case .success(let sorted): order = sorted
        case .failure(let error): throw DiagnosticsError([error.diagnostic])
        }
        let byName = Dictionary(composition.nodes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let kept = extra.union([composition.output])
        self.kept = kept
        self.unfused = unfused

        // Only what the kept nodes need runs.
        var needed = Set<String>()
        var pending = Array(kept)
        while let name = pending.popLast() {
            guard needed.insert(name).inserted, let node = byName[name] else { continue }
            pending += (GraphOrder.dependencies(of: node) + GraphOrder.previousFrameReads(of: node)).map(\.node)
        }
        let scheduled = order.filter(needed.contains).compactMap { byName[$0] }
        let index = Dictionary(scheduled.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })

        var lastReader: [String: Int] = [:]
        for (position, node) in scheduled.enumerated() {
            for wire in GraphOrder.dependencies(of: node) { lastReader[wire.node] = position }
        }
        // A ShaderToy pass that others (or it itself) read as a channel is one of the site's buffers, which
        // keep the alpha they write; every other pass is shown, as the site shows its Image pass, opaque.
        let channelSources = Set(composition.nodes.flatMap { node -> [String] in
            guard case .shader(let pass) = node.kind else { return [] }
            return pass.inputs.filter { pass.interface.dialect.shaderToyChannels.contains($0.key) }.map(\.value.node)
        })
        let previousFrameSources = composition.previousFrameSources
        let images = Dictionary(scheduled.map { ($0.name, HostSampling.Image($0.kind)) }, uniquingKeysWith: { first, _ in first })
        steps = scheduled.enumerated().map { position, node in
            let releases = lastReader.filter { $0.value == position && !kept.contains($0.key) }.keys.sorted().compactMap { index[$0] }
            let opaque = node.name == composition.output || !channelSources.contains(node.name)
            let work = node.kind.model.work(in: StepPlanning(node: node.name, index: index, images: images, opaque: opaque,
                                                             keepsPreviousFrame: previousFrameSources.contains(node.name),
                                                             precision: composition.precision))
            return Step(node: node, work: work, releases: releases)
        }
        if let size = composition.size {
            renderSize = .fixed(size)
        } else {
            // A picture a shader's directive brings is its channel, sampled at its own size: the view's size is
            // the shader's host's, not the picture's.
            renderSize = .firstSource(composition.nodes.compactMap { node in
                node.kind.model.canSetRenderSize && node.broughtBy == nil ? index[node.name] : nil
            })
        }
        output = index[composition.output] ?? max(0, scheduled.count - 1)
        if fusing {
            // Fusing changes only the steps and what refers to them.
            let fusedPlan = fused()
            (steps, renderSize, output) = (fusedPlan.steps, fusedPlan.renderSize, fusedPlan.output)
        }
    }

    /// The step of the node named `name`, if it runs.
    public func step(named name: String) -> Int? {
        steps.firstIndex { $0.node.name == name }
    }

    /// Every shader pass the frame draws, with its node.
    public var passes: [(node: Node, pass: PassPlan)] {
        steps.compactMap { step in
            if case .pass(let pass) = step.work { (step.node, pass) } else { nil }
        }
    }
}

/// A number or numbers a step reads: written in the composition, or another step's value, whole or some of
/// its components.
public enum PlannedValue: Sendable, Equatable {
    case literal([Float])
    case step(Int, components: [Int])

    init(_ operand: Operand, index: [String: Int]) {
        switch operand {
        case .literal(let numbers): self = .literal(numbers)
        case .wire(let wire): self = .step(index[wire.node] ?? 0, components: wire.components)
        }
    }
}

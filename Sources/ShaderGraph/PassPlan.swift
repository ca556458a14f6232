import ShaderLanguage

/// One shader node's pass as the frame runs it: the driver-ready program text, the texture it draws into,
/// each image it samples on which unit, and each uniform with the value it gets, in the order they are set.
public struct PassPlan: Sendable {
    /// An image the pass samples.
    public struct Input: Sendable, Equatable {
        public var sampler: String
        public var unit: Int
        /// The step whose image it samples (the pass's own step when it reads its own previous frame).
        public var source: Int
        public var mapping: InputMapping
        /// Reads the image its source made the frame before: the pass's own, or one `previous:` names.
        /// The source may then draw later in the frame.
        public var isFeedback: Bool
        /// ShaderToy's (or VS Code's extension's) `iChannelN` for this sampler, whose size `iChannelResolution[N]` reports.
        public var shaderToyChannel: Int?
        /// Its filter, edges and orientation: the composition's `sampling:` over its host's (`HostSampling`).
        public var sampling = InputSampling()
        /// Set for an ISF audio or audioFFT input: the image its sound is laid out as.
        public var sound: SoundImageShape?
    }

    /// A uniform the workbench sets: literal ones once, wired ones every frame.
    public struct Uniform: Sendable, Equatable {
        public var name: String
        public var type: GLSLType
        /// Array elements (1 for a plain uniform).
        public var count: Int
        public var value: PlannedValue
    }

    /// GPUImage's texel step along one axis (`texelWidth`, `texelHeightOffset`, … as `TexelStepUniforms`
    /// names it for the shader): the step between sampled texels that the vertex stage also uses.
    public enum TexelStep: Sendable, Equatable {
        /// The composition sets the uniform to this number.
        case literal(Float)
        /// One texel of the first input; `uniform` names the shader's own uniform that the workbench sets to
        /// it, when the shader declares one.
        case firstInputTexel(uniform: String?)
    }

    /// An ISF node's PASSES and IMPORTED images, drawn by one program in turn.
    public struct ISFChain: Sendable {
        public struct Target: Sendable, Equatable {
            public var name: String
            public var isFloat: Bool
            public var isPersistent: Bool
            /// The first pass that draws it, whose size it takes.
            public var firstPass: Int
        }

        /// The header's passes; none is one plain pass into the node's image.
        public var passes: [ISFPass]
        /// Each pass's target, as an index into `targets`.
        public var passTargets: [Int?]
        public var targets: [Target]
        public var imported: [ISFImportedImage]
        /// Targets and imported images by name, each on a texture unit of its own after the node's inputs.
        public var namedImages: [(name: String, unit: Int)]
        /// What a WIDTH or HEIGHT expression reads for each input: the number it is set to, else its default.
        public var inputValues: [String: Double]
    }

    public var shader: PreparedShader
    public var interface: ShaderInterface { shader.interface }
    /// Nil draws at the render size.
    public var size: PixelSize?
    public var format: PixelFormat
    public var inputs: [Input]
    public var uniforms: [Uniform]
    public var texelWidth: TexelStep
    public var texelHeight: TexelStep
    /// Set when the node's ISF header has PASSES or IMPORTED images.
    public var isfChain: ISFChain?
    /// Whether the pass keeps its previous frame, for itself or for other passes to read (or to fetch its
    /// target's previous contents), so it draws into buffers of its own, not the pool.
    public var keepsPreviousFrame: Bool
    /// Set when the shader reads `gl_LastFragData`: the texture unit, after its inputs, that its target's
    /// previous contents are sampled on where they are not fetched.
    public var previousContentsUnit: Int?
    /// Whether the pass samples between texels even where an input has its shape, so its inputs are read
    /// with bilinear filtering as GPUImage reads every input: its optimised blurs place each sample between
    /// two texels to average them, and a texel step the composition sets, or a vertex shader of the user's,
    /// may put a coordinate anywhere.
    public var interpolatesInputs: Bool
    /// Set for a pass that converts a camera's or movie's frame in its own program (`FrameConversionMember`).
    public var convertedFrame: ConvertedFrame?
    /// Set for the output's pass where the frame is read back as YUV planes and the pass draws them itself
    /// (`YUV420Packing`): its target holds the planes, not its image.
    public var packing: YUV420Packing?

    /// A camera's or movie's frame a pass converts itself, from the planes its step uploaded: the step, and the
    /// names and units the program gives what the workbench sets for it (`FrameConversionMember`'s, renamed).
    public struct ConvertedFrame: Sendable, Equatable {
        public var source: Int
        /// The planes' samplers, the first of which is an input of the pass's, reading the step's image.
        public var planes: [String]
        public var units: [Int]
        public var layout: String
        public var matrix: String
        public var offset: String
        public var width: String
    }

    /// `images`: what each node's image is to the shader's host, which reads each input as `HostSampling` says
    /// unless the composition's `sampling:` says otherwise. `opaque`: a ShaderToy shader's alpha is 1, as the
    /// site shows its Image pass. `isReadAsPreviousFrame`: this pass or another reads the image this pass made
    /// the frame before. `precision` is the composition's.
    init(_ pass: ShaderPass, node: String, index: [String: Int], images: [String: HostSampling.Image], opaque: Bool,
         isReadAsPreviousFrame: Bool, precision: ShaderPrecision) {
        shader = PreparedShader(source: pass.source, interface: pass.interface, common: pass.common, opaque: opaque, defines: pass.defines,
                                precision: precision)
        size = pass.size
        format = pass.format
        let interface = pass.interface
        inputs = interface.samplers.enumerated().compactMap { unit, sampler in
            guard let wire = pass.inputs[sampler.name], let source = index[wire.node] else { return nil }
            let channel = interface.dialect.shaderToyChannels.firstIndex(of: sampler.name)
            let isFeedback = pass.readsPreviousFrame(sampler.name, node: node)
            let image = isFeedback ? .previousFrame : images[wire.node] ?? .pass
            let sampling = (pass.samplings[sampler.name] ?? InputSampling()).over(HostSampling.sampling(of: image, in: interface.dialect))
            return Input(sampler: sampler.name, unit: unit, source: source, mapping: pass.mapping(of: sampler.name),
                         isFeedback: isFeedback, shaderToyChannel: channel, sampling: sampling, sound: interface.soundShape(of: sampler.name))
        }
        var uniforms: [Uniform] = []
        for (name, setting) in pass.uniforms.sorted(by: { $0.key < $1.key }) {
            guard let declaration = interface.uniform(named: name) else { continue }
            let value: PlannedValue
            switch setting {
            case .literal(let numbers, _): value = .literal(numbers)
            case .wire(let wire):
                guard let source = index[wire.node] else { continue }
                value = .step(source, components: wire.components)
            }
            uniforms.append(Uniform(name: name, type: declaration.type, count: declaration.arrayLength ?? 1, value: value))
        }
        // Parameters the composition leaves alone start at the default the shader declares for them.
        for declaration in interface.uniforms where pass.uniforms[declaration.name] == nil {
            guard let defaults = declaration.annotation?.defaultValue else { continue }
            uniforms.append(Uniform(name: declaration.name, type: declaration.type, count: declaration.arrayLength ?? 1,
                                    value: .literal(defaults)))
        }
        if let count = interface.blurCoordinateCount {
            uniforms.append(Uniform(name: VertexStage.blurOffsetsUniform, type: .float, count: count,
                                    value: .literal(pass.blurLayout.offsets(count: count))))
        }
        self.uniforms = uniforms
        func texelStep(_ name: String) -> TexelStep {
            if case .literal(let numbers, _)? = pass.uniforms[name], numbers.count == 1 { return .literal(numbers[0]) }
            let declared = pass.uniforms[name] == nil && interface.uniform(named: name)?.type == .float
            return .firstInputTexel(uniform: declared ? name : nil)
        }
        texelWidth = texelStep(interface.texelStepUniforms.width)
        texelHeight = texelStep(interface.texelStepUniforms.height)
        let setsTexelStep = [texelWidth, texelHeight].contains { if case .literal = $0 { true } else { false } }
        interpolatesInputs = (interface.blurCoordinateCount != nil && pass.blurLayout.isCentredPairs)
            || (setsTexelStep && !interface.steppedVaryings.isEmpty) || !interface.usesWorkbenchVertexStage
        keepsPreviousFrame = isReadAsPreviousFrame || interface.fetchesFramebuffer
        if interface.fetchesFramebuffer {
            previousContentsUnit = interface.samplers.count
            // Fetching draws into the buffer that holds the previous frame, which an input sampling that
            // frame (this pass's or another's) would read after it is drawn over: such a pass reads it from
            // the texture both ways.
            if isReadAsPreviousFrame { shader.framebufferFetchSource = nil }
        }
        if let header = interface.isf, !header.passes.isEmpty || !header.imported.isEmpty {
            isfChain = ISFChain(header, firstUnit: interface.samplers.count, inputValues: Self.expressionInputs(of: pass))
        }
    }

    /// The numbers ISF's WIDTH and HEIGHT expressions read: each input's first number as the composition
    /// sets it, else as the header declares it.
    private static func expressionInputs(of pass: ShaderPass) -> [String: Double] {
        var numbers: [String: Double] = [:]
        for declaration in pass.interface.uniforms {
            if case .literal(let values, _)? = pass.uniforms[declaration.name], let first = values.first {
                numbers[declaration.name] = Double(first)
            } else if let first = declaration.annotation?.defaultValue?.first {
                numbers[declaration.name] = Double(first)
            }
        }
        return numbers
    }
}

extension PassPlan.ISFChain {
    init(_ header: ISFHeader, firstUnit: Int, inputValues: [String: Double]) {
        passes = header.passes
        imported = header.imported
        self.inputValues = inputValues
        var targets: [Target] = []
        var targetIndex: [String: Int] = [:]
        for (number, pass) in header.passes.enumerated() {
            guard let name = pass.target, targetIndex[name] == nil else { continue }
            targetIndex[name] = targets.count
            targets.append(Target(name: name, isFloat: pass.isFloat, isPersistent: pass.isPersistent, firstPass: number))
        }
        self.targets = targets
        passTargets = header.passes.map { $0.target.flatMap { targetIndex[$0] } }
        let names = Array(Set(targets.map(\.name) + header.imported.map(\.name))).sorted()
        namedImages = names.enumerated().map { ($1, firstUnit + $0) }
    }
}

import CGLES
import ShaderGraph
import ShaderLanguage

/// Binds a frame plan to GL, once per graph: loads its images, opens its cameras and movies, links its
/// programs, puts samplers on units, writes literal uniforms (a program keeps its uniform values) and works
/// out the render size. What a frame then does is only bind, set wired values and draw.
struct GraphBinding {
    var steps: [ExecutableStep] = []
    var renderSize: PixelSize
    /// The linked program of each shader and pattern node, by node name.
    var programs: [String: ShaderProgram] = [:]
    /// The texture each step's image is, for describing passes' inputs.
    var descriptors: [TextureDescriptor] = []

    /// Problems in the user's files come back together as one `DiagnosticsError`. `externalImages` stand for
    /// source nodes whose pixels an embedding app supplies, by node name.
    init(_ plan: FramePlan, renderSize requested: PixelSize?, resources: GraphResources,
         externalImages: [String: RenderTarget], writer: inout UniformWriter) throws(DiagnosticsError) {
        var diagnostics: [Diagnostic] = []
        let sources = Self.openSources(plan, renderSize: requested, resources: resources, externalImages: externalImages, diagnostics: &diagnostics)
        let size = requested ?? Self.renderSize(plan, sources: sources, resources: resources)
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
        let passSizes = plan.steps.map { step -> PixelSize in
            if case .pass(let pass) = step.work { pass.size ?? size } else { size }
        }
        let passFormats = plan.steps.map { step -> PixelFormat in
            if case .pass(let pass) = step.work { pass.format } else { .rgba8 }
        }
        let sounds = sources.compactMapValues(\.sound)
        for (index, step) in plan.steps.enumerated() {
            let (work, stepSize) = self.work(of: step, at: index, source: sources[index], renderSize: size, sizes: sizes + passSizes[index...],
                                             formats: formats + passFormats[index...], sounds: sounds, resources: resources,
                                             writer: &writer, diagnostics: &diagnostics)
            let executable = work.map { ExecutableStep(work: $0, releases: step.releases) }
            sizes.append(stepSize)
            formats.append(executable?.descriptor(orSize: stepSize).format ?? .rgba8)
            if let executable { steps.append(executable) }
        }
        guard diagnostics.isEmpty, steps.count == plan.steps.count else { throw DiagnosticsError(diagnostics) }
        descriptors = zip(steps, sizes).map { $0.descriptor(orSize: $1) }
    }

    /// Each source step's pixels (`openSource`), by step; what cannot be opened goes into `diagnostics`.
    private static func openSources(_ plan: FramePlan, renderSize requested: PixelSize?, resources: GraphResources,
                                    externalImages: [String: RenderTarget], diagnostics: inout [Diagnostic]) -> [Int: SourceImage] {
        var sources: [Int: SourceImage] = [:]
        let liveMovie = plan.composition.liveSource.flatMap(plan.composition.node(named:)).flatMap { node -> MovieSource? in
            if case .movie(let movie) = node.kind { return movie }
            return nil
        }
        for (index, step) in plan.steps.enumerated() {
            if let external = externalImages[step.node.name] {
                sources[index] = .external(external)
                continue
            }
            do {
                if let source = try openSource(step.work, renderSize: requested, compositionSize: plan.composition.size,
                                               liveMovie: liveMovie, resources: resources) {
                    sources[index] = source
                }
            } catch {
                diagnostics += error.diagnostics
            }
        }
        return sources
    }

    /// Step `index`'s work bound to GL, from its plan and its `source`, with the size of its image; nil work when
    /// it cannot be bound, with why in `diagnostics`. `sizes` and `formats` hold every step's (those bound so far
    /// as bound, later passes' as planned); `sounds` are the audio steps' sounds.
    private mutating func work(of step: FramePlan.Step, at index: Int, source: SourceImage?, renderSize size: PixelSize, sizes: [PixelSize],
                               formats: [PixelFormat], sounds: [Int: any SoundSource], resources: GraphResources,
                               writer: inout UniformWriter, diagnostics: inout [Diagnostic]) -> (ExecutableStep.Work?, PixelSize) {
        let node = step.node
        var work: ExecutableStep.Work?
        var stepSize = size
        switch (step.work, source) {
        case (_, .external?), (.image, _), (.sequence, _), (.movie, _), (.audio, _), (.camera, _):
            return Self.sourceWork(of: step.work, node: node.name, source: source, renderSize: size, resources: resources,
                                   diagnostics: &diagnostics)
        case (.pattern(let pattern), _):
            stepSize = pattern.size ?? size
            do {
                let program = try resources.program(for: try TestPattern.prepared(pattern.picture), node: node.name)
                programs[node.name] = program
                glUseProgram(program.name)
                glUniform2f(program.uniformLocation("size"), Float(stepSize.width), Float(stepSize.height))
                work = .pattern(program, timeLocation: program.uniformLocation("time"), target: TextureDescriptor(size: stepSize))
            } catch {
                diagnostics += error.diagnostics
            }
        case (.pass(let pass), _):
            stepSize = pass.size ?? size
            do throws(DiagnosticsError) {
                let program = try resources.program(for: pass.shader, node: node.name)
                programs[node.name] = program
                work = .shader(try Self.bind(pass, node: node, program: program, size: stepSize, sizes: sizes, formats: formats,
                                             sounds: sounds, resources: resources, writer: &writer))
            } catch {
                diagnostics += error.diagnostics.map { $0.naming(node: node.name) }
            }
        case (.reduction(let reduction, let input), _):
            guard input < index else { break }
            do {
                work = .reduction(try ImageReduction(reduction, inputSize: sizes[input]), input: input)
            } catch {
                diagnostics.append(.error("node '\(node.name)': \(error.message)", at: node.location))
            }
        case (.constant(let numbers), _): work = .constant(numbers)
        case (.time, _): work = .time
        case (.operation(let operation), _): work = .operation(operation)
        case (.oscillator(let oscillator), _): work = .oscillator(oscillator)
        case (.mouse, _): work = .mouse
        case (.key(let key), _): work = .key(key)
        case (.keyboard, _):
            do {
                let target = try RenderTarget(image: ShaderToyKeyboard().image)
                work = .keyboard(target)
                stepSize = target.size
            } catch {
                diagnostics.append(.error("node '\(node.name)': the keyboard image could not be made: \(error.message)", at: node.location))
            }
        case (.pick(let pick, let input), _): work = .pick(pick, input: input)
        case (.drag(let drag), _): work = .drag(drag)
        }
        return (work, stepSize)
    }

    /// A source step's work, from the pixels opened for it before the graph was sized (`openSources`), with the
    /// size of its image; nil work when it has none: what could not be opened is in `diagnostics` already.
    private static func sourceWork(of work: FramePlan.Work, node: String, source: SourceImage?, renderSize size: PixelSize,
                                   resources: GraphResources, diagnostics: inout [Diagnostic]) -> (ExecutableStep.Work?, PixelSize) {
        switch (work, source) {
        case (_, .external(let target)?), (.image, .image(let target)?):
            return (.source(target), target.size)
        case (.sequence, .sequence(let player)?):
            return (.sequence(player), player.size)
        case (.movie(let movie), .movie(let feed)?):
            let frameSize = feed.source.frameSize.map { PixelSize(width: $0.width, height: $0.height) } ?? size
            do {
                return (.live(ExecutableStep.Live(feed: feed, pattern: nil, placeholder: try RenderTarget(TextureDescriptor(size: frameSize)),
                                                  movie: movie)), frameSize)
            } catch {
                diagnostics.append(.error(error.message, at: movie.location))
                return (nil, frameSize)
            }
        case (.audio, .sound(let sound)?):
            return (.sound(sound), size)
        case (.camera(let camera), .camera(let feed, let asked)?):
            do {
                let live = try cameraStep(camera, feed: feed, asked: asked, node: node, resources: resources)
                return (.live(live), live.placeholder.size)
            } catch {
                diagnostics += error.diagnostics
                return (nil, size)
            }
        default:
            return (nil, size)
        }
    }

    /// What a source step's pixels come from before the graph is sized: an app's texture, a loaded image, a
    /// sequence's player, a movie's feed, or a camera's feed with the size asked of it. Cameras open here,
    /// with the rest, so a render sized by its first source can be sized by what a camera delivers.
    private enum SourceImage {
        case external(RenderTarget)
        case image(RenderTarget)
        case sequence(SequencePlayer)
        case movie(FrameFeed)
        case camera(FrameFeed, asked: PixelSize)
        /// An audio node's sound, which has no size: its inputs' images take theirs from their shapes.
        case sound(any SoundSource)

        var size: PixelSize? {
            switch self {
            case .external(let target), .image(let target): target.size
            case .sequence(let player): player.size
            case .movie(let feed), .camera(let feed, _): feed.source.frameSize.map { PixelSize(width: $0.width, height: $0.height) }
            case .sound: nil
            }
        }

        var sound: (any SoundSource)? {
            if case .sound(let sound) = self { sound } else { nil }
        }
    }

    private static func openSource(_ work: FramePlan.Work, renderSize: PixelSize?, compositionSize: PixelSize?,
                                   liveMovie: MovieSource?, resources: GraphResources) throws(DiagnosticsError) -> SourceImage? {
        switch work {
        case .image(let source):
            return .image(try resources.image(at: source.file, location: source.location))
        case .sequence(let sequence):
            return .sequence(try SequencePlayer(sequence))
        case .movie(let movie):
            return .movie(try resources.movieFeed(for: movie))
        case .camera(let camera):
            let asked = camera.requestedSize(renderSize: renderSize, compositionSize: compositionSize)
            return .camera(try resources.cameraFeed(for: camera, size: asked), asked: asked)
        case .audio(let audio):
            return .sound(try resources.sound(for: audio, liveMovie: liveMovie))
        default:
            return nil
        }
    }

    /// The plan's rule for the render size, with the sources' sizes now known.
    private static func renderSize(_ plan: FramePlan, sources: [Int: SourceImage], resources: GraphResources) -> PixelSize {
        switch plan.renderSize {
        case .fixed(let size):
            return size
        case .firstSource(let candidates):
            let first = candidates.lazy.compactMap { index -> PixelSize? in
                if let size = sources[index]?.size { return size }
                if case .camera(let camera) = plan.steps[index].work { return camera.size }
                return nil
            }.first
            return first ?? .standard
        }
    }

    /// Settles a shader pass's bindings: samplers to texture units, literal uniforms written once now,
    /// wired uniforms resolved to value slots. `sizes` and `formats` hold every step's size and format (a
    /// later pass's as planned). `sounds` are the audio steps' sounds, by step. A pass drawn `beside` the node's
    /// own (a watch's) reads that pass's previous frame and draws no ISF passes of its own.
    static func bind(_ pass: PassPlan, node: Node, program: ShaderProgram, size: PixelSize, sizes: [PixelSize], formats: [PixelFormat],
                     sounds: [Int: any SoundSource], resources: GraphResources, beside: ExecutableStep.Pass? = nil,
                     writer: inout UniformWriter) throws(DiagnosticsError) -> ExecutableStep.Pass {
        let target = TextureDescriptor(size: size, format: pass.format)
        var step: ExecutableStep.Pass
        do throws(GPUError) {
            glUseProgram(program.name)
            var inputs: [ExecutableStep.Input] = []
            var inputSizes: [PixelSize] = []
            for input in pass.inputs {
                let location = program.uniformLocation(input.sampler)
                glUniform1i(location, GLint(input.unit))
                if let shape = input.sound, let sound = sounds[input.source] {
                    // A sound's image is read as laid out, sample by sample: never reshaped or blended.
                    let texture = try SoundTexture(shape: shape, source: sound)
                    inputs.append(ExecutableStep.Input(step: input.source, unit: input.unit, filter: GL_NEAREST, wrap: GL_CLAMP_TO_EDGE, isFeedback: false,
                                                       sound: texture, isRead: location >= 0))
                    inputSizes.append(texture.size)
                    continue
                }
                // A previous frame is read as its pass made it, only ever turned over.
                let reshaper = try InputReshaper(
                    mapping: input.isFeedback ? .stretch : input.mapping, flipped: input.sampling.isFlipped,
                    input: TextureDescriptor(size: sizes[input.source], format: formats[input.source]), pass: size)
                glUseProgram(program.name)
                // 1:1 sampling is exact with nearest and much cheaper on a software rasteriser, unless the
                // pass samples between texels.
                let sampledSize = reshaper?.target.size ?? sizes[input.source]
                let chosen = sampledSize == size && !pass.interpolatesInputs ? GL_NEAREST : GL_LINEAR
                let filter = switch input.sampling.filter {
                case .nearest: GL_NEAREST
                case .linear: GL_LINEAR
                case .mipmap: GL_LINEAR_MIPMAP_LINEAR
                case nil: chosen
                }
                let wrap = switch input.sampling.wrap {
                case .repeat: GL_REPEAT
                case .mirror: GL_MIRRORED_REPEAT
                case .clamp, nil: GL_CLAMP_TO_EDGE
                }
                inputs.append(ExecutableStep.Input(step: input.source, unit: input.unit, filter: filter, wrap: wrap,
                                                   isFeedback: input.isFeedback, reshaper: reshaper, isRead: location >= 0))
                inputSizes.append(sizes[input.source])
            }
            var wired: [ExecutableStep.WiredUniform] = []
            for uniform in pass.uniforms {
                let location = program.uniformLocation(uniform.name)
                switch uniform.value {
                case .literal(let numbers):
                    numbers.withUnsafeBufferPointer { writer.set(location, type: uniform.type, count: uniform.count, values: $0) }
                case .step(let source, let components):
                    wired.append(ExecutableStep.WiredUniform(location: location, type: uniform.type, count: uniform.count,
                                                             source: source, components: components))
                }
            }
            setTexelStep(of: pass, program: program, inputSize: inputSizes.first ?? size, writer: &writer)
            let frameUniforms = FrameUniforms(program: program, pass: pass, passSize: size, inputSizes: inputSizes)
            let feedback = if let beside { beside.feedback } else if pass.keepsPreviousFrame {
                try resources.feedbackBuffers(of: node.name, target: target)
            } else { nil as FeedbackBuffers? }
            let previousContentsUnit = program.fetchesFramebuffer ? nil : pass.previousContentsUnit
            if let unit = previousContentsUnit {
                glUniform1i(program.uniformLocation(FramebufferFetch.previousContentsSampler), GLint(unit))
                glUniform2f(program.uniformLocation(FramebufferFetch.targetSizeUniform), Float(size.width), Float(size.height))
            }
            step = ExecutableStep.Pass(program: program, inputs: inputs, wiredUniforms: wired, frameUniforms: frameUniforms,
                                       feedback: feedback, previousContentsUnit: previousContentsUnit,
                                       drawsInPlace: program.fetchesFramebuffer, target: target)
        } catch {
            throw DiagnosticsError([.error(error.message, at: node.location)])
        }
        if beside == nil, let chain = pass.isfChain {
            step.isfPasses = try ISFPassChain(chain, node: node.name, program: program, output: target, resources: resources)
        }
        return step
    }

    /// GPUImage's texel step: one texel of the first input unless the composition sets it, in the shader's
    /// own uniforms for it, and the vertex stage's stepped coordinates step by the same.
    private static func setTexelStep(of pass: PassPlan, program: ShaderProgram, inputSize: PixelSize, writer: inout UniformWriter) {
        var step = [1 / Float(inputSize.width), 1 / Float(inputSize.height)]
        for (component, axis) in [pass.texelWidth, pass.texelHeight].enumerated() {
            switch axis {
            case .literal(let number):
                step[component] = number
            case .firstInputTexel(let uniform):
                guard let uniform else { continue }
                [step[component]].withUnsafeBufferPointer {
                    writer.set(program.uniformLocation(uniform), type: .float, count: 1, values: $0)
                }
            }
        }
        step.withUnsafeBufferPointer {
            writer.set(program.uniformLocation(VertexStage.texelStepUniform), type: .vec2, count: 1, values: $0)
        }
    }

    /// A camera node's step: its feed (kept in `resources` across reloads) and what stands in before its first
    /// frame, at the size the device agreed to, else the size `asked` of it.
    private static func cameraStep(_ camera: CameraSource, feed: FrameFeed, asked: PixelSize, node: String,
                                   resources: GraphResources) throws(DiagnosticsError) -> ExecutableStep.Live {
        let size = feed.source.frameSize.map { PixelSize(width: $0.width, height: $0.height) } ?? asked
        do {
            let placeholder = try RenderTarget(TextureDescriptor(size: size))
            guard camera.device == .auto else { return ExecutableStep.Live(feed: feed, pattern: nil, placeholder: placeholder) }
            let program = try resources.program(for: try TestPattern.prepared(), node: node)
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("size"), Float(size.width), Float(size.height))
            return ExecutableStep.Live(feed: feed, pattern: (program, program.uniformLocation("time")), placeholder: placeholder)
        } catch let error as GPUError {
            throw DiagnosticsError([.error(error.message, at: camera.location)])
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([.error("\(error)", at: camera.location)])
        }
    }
}

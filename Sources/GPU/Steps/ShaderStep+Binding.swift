import CGLES
import ShaderGraph
import ShaderLanguage

/// Binding a shader node's pass: its program linked, samplers on units, literal uniforms written once, wired
/// uniforms resolved to value slots.
extension ShaderStep {
    /// A pass may be read as a previous frame by a pass drawn before it, which sees its size and format as planned.
    static func plannedTexture(of planned: FramePlan.Step, renderSize: PixelSize) -> TextureDescriptor {
        guard case .pass(let pass) = planned.work else { return TextureDescriptor(size: renderSize) }
        return TextureDescriptor(size: pass.size ?? renderSize, format: pass.format)
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .pass(let pass) = planned.work else { return (nil, binding.renderSize) }
        let node = planned.node
        let size = pass.size ?? binding.renderSize
        do throws(DiagnosticsError) {
            let program = try binding.resources.program(for: pass.shader, node: node.name)
            binding.programs[node.name] = program
            var step = try bind(pass, node: node, program: program, size: size, sizes: binding.sizes, formats: binding.formats,
                                sounds: binding.sounds, resources: binding.resources, writer: &binding.writer)
            if let converted = pass.convertedFrame, let feed = binding.feeds[converted.source] {
                glUseProgram(program.name)
                step.convertedFrame = ConvertedFrameInput(converted, feed: feed, program: program, passSize: size)
            }
            return (step, size)
        } catch {
            binding.diagnostics += error.diagnostics.map { $0.naming(node: node.name) }
            return (nil, size)
        }
    }

    /// Settles a shader pass's bindings: samplers to texture units, literal uniforms written once now,
    /// wired uniforms resolved to value slots. `sizes` and `formats` hold every step's size and format (a
    /// later pass's as planned). `sounds` are the audio steps' sounds, by step. A pass drawn `beside` the node's
    /// own (a watch's) reads that pass's previous frame and draws no ISF passes of its own.
    static func bind(_ pass: PassPlan, node: Node, program: ShaderProgram, size: PixelSize, sizes: [PixelSize], formats: [PixelFormat],
                     sounds: [Int: any SoundSource], resources: GraphResources, beside: ShaderStep? = nil,
                     writer: inout UniformWriter) throws(DiagnosticsError) -> ShaderStep {
        let planes = pass.packing.map { _ in PackedPlanes(imageSize: size) }
        let target = planes?.targets ?? TextureDescriptor(size: size, format: pass.format)
        var step: ShaderStep
        do throws(GPUError) {
            glUseProgram(program.name)
            var inputs: [Input] = []
            var inputSizes: [PixelSize] = []
            for input in pass.inputs {
                let location = program.uniformLocation(input.sampler)
                glUniform1i(location, GLint(input.unit))
                if let shape = input.sound, let sound = sounds[input.source] {
                    // A sound's image is read as laid out, sample by sample: never reshaped or blended.
                    let texture = try SoundTexture(shape: shape, source: sound)
                    inputs.append(Input(step: input.source, unit: input.unit, filter: GL_NEAREST, wrap: GL_CLAMP_TO_EDGE, isFeedback: false,
                                        sound: texture, isRead: location >= 0))
                    inputSizes.append(texture.size)
                    continue
                }
                inputs.append(try imageInput(input, of: pass, program: program, size: size, sizes: sizes, formats: formats, isRead: location >= 0))
                inputSizes.append(sizes[input.source])
            }
            var wired: [WiredUniform] = []
            for uniform in pass.uniforms {
                let location = program.uniformLocation(uniform.name)
                switch uniform.value {
                case .literal(let numbers):
                    numbers.withUnsafeBufferPointer { writer.set(location, type: uniform.type, count: uniform.count, values: $0) }
                case .step(let source, let components):
                    wired.append(WiredUniform(location: location, type: uniform.type, count: uniform.count, source: source, components: components))
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
            step = ShaderStep(program: program, inputs: inputs, wiredUniforms: wired, frameUniforms: frameUniforms,
                              feedback: feedback, previousContentsUnit: previousContentsUnit,
                              drawsInPlace: program.fetchesFramebuffer, target: target)
            if let planes, let packing = pass.packing {
                step.packing = (planes, PackedPlanes.Uniforms(in: program.uniformLocation, packing: packing), size)
            }
        } catch {
            throw DiagnosticsError([.error(error.message, at: node.location)])
        }
        if beside == nil, let chain = pass.isfChain {
            step.isfPasses = try ISFPassChain(chain, node: node.name, program: program, output: target, resources: resources)
        }
        return step
    }

    /// An input that samples a step's image: laid onto the pass's shape where its mapping says, filtered and
    /// wrapped as the composition asks, else as exactly as its sizes allow.
    private static func imageInput(_ input: PassPlan.Input, of pass: PassPlan, program: ShaderProgram, size: PixelSize, sizes: [PixelSize],
                                   formats: [PixelFormat], isRead: Bool) throws(GPUError) -> Input {
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
        return Input(step: input.source, unit: input.unit, filter: filter, wrap: input.sampling.glWrap, isFeedback: input.isFeedback, reshaper: reshaper, isRead: isRead)
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
}

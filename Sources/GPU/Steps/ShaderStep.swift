import CGLES
import ShaderGraph
import ShaderLanguage

/// A shader node's pass, bound once (`ShaderStep+Binding.swift`): its program with samplers on their units and
/// literal uniforms written, its inputs, and the values wired to its uniforms. Each frame it binds its inputs,
/// sets its wired and per-frame uniforms and draws (every ISF pass in turn, for an ISF shader with PASSES) into
/// its feedback buffer or a pooled target, then its watches when it is watched. A watch's pass is one too,
/// bound beside the node's.
struct ShaderStep: BoundStep {
    struct Input {
        var step: Int
        var unit: Int
        var filter: GLint
        var wrap: GLint
        /// Reads the previous frame of its step's pass (the pass's own, or another's).
        var isFeedback: Bool
        /// Lays the input onto the pass's shape when its aspect ratio differs.
        var reshaper: InputReshaper?
        /// Set for an ISF audio or audioFFT input: its image, made from the sound step's sound each frame.
        var sound: SoundTexture?
        /// Whether the linked program reads it at all: a sampler declared and never sampled is inactive, and the
        /// pass's image then does not depend on this input's.
        var isRead = true
    }

    var program: ShaderProgram
    var inputs: [Input]
    var wiredUniforms: [WiredUniform]
    var frameUniforms: FrameUniforms?
    /// Set when the pass keeps its previous frame, for itself or for others; it then draws into these
    /// instead of the pool.
    var feedback: FeedbackBuffers?
    /// Set when the shader samples its target's previous contents from a texture (it reads
    /// `gl_LastFragData` and does not fetch it): the unit they go on.
    var previousContentsUnit: Int?
    /// Whether it fetches its target, drawing over its last frame in place rather than into the other buffer.
    var drawsInPlace: Bool
    /// Set for an ISF shader with PASSES, which draws them all.
    var isfPasses: ISFPassChain?
    var target: TextureDescriptor
    /// Set for a pass that converts a camera's or movie's frame in its own program.
    var convertedFrame: ConvertedFrameInput?
    /// Set for a pass that draws its image as YUV planes (`YUV420Packing`): its `target` holds them, laid out so.
    var packing: (planes: PackedPlanes, uniforms: PackedPlanes.Uniforms, imageSize: PixelSize)?

    /// What it drew last frame becomes its previous frame now, for the whole frame: a pass reading it sees the
    /// same image whether it draws before this pass or after it.
    func frameStarts() {
        if !drawsInPlace { feedback?.advance() }
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        frame.images[index] = try draw(watched: index == frame.watchedStep, in: &frame)
    }

    var isPooled: Bool {
        feedback == nil && (isfPasses?.outputIsPooled ?? true)
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        target
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        if frameUniforms?.readsClock ?? false { return .continuous }
        if inputs.contains(where: { $0.isRead && $0.isFeedback }) { return .continuous }
        let read = inputs.filter(\.isRead).map { motions[$0.step] }
            + wiredUniforms.filter { $0.location >= 0 }.map { motions[$0.source] }
        return read.max() ?? .still
    }

    /// Its ISF passes in turn, or one pass into its feedback buffer or a pooled target; when `watched`, its
    /// watches after each pass.
    private func draw(watched: Bool, in frame: inout FrameContext) throws(GPUError) -> RenderTarget {
        let planes = try convertedFrame?.prepare(in: &frame)
        reshapeInputs(in: frame)
        if let chain = isfPasses {
            glUseProgram(program.name)
            setInputsAndUniforms(in: &frame)
            return try chain.render(drawing: frame.quad, pool: frame.pool, bindInputs: { bindInputImages(in: frame) }) { index, size in
                if watched { drawWatches(passIndex: index, passSize: size, in: &frame) }
            }
        }
        let image = if let feedback { drawsInPlace ? feedback.previous : feedback.next } else { try frame.pool.acquire(target) }
        image.bindForDrawing()
        glUseProgram(program.name)
        setInputsAndUniforms(in: &frame)
        convertedFrame?.set(planes)
        if let packing {
            packing.planes.draw(imageSize: packing.imageSize, uniforms: packing.uniforms, quad: frame.quad)
        } else {
            frame.quad.draw()
        }
        if watched { drawWatches(passIndex: 0, passSize: image.size, in: &frame) }
        return image
    }

    /// Lays inputs of another shape onto the pass's shape, where their mapping says, and turns over those
    /// read flipped; before the pass binds its own target, since each reshaping is a draw of its own.
    private func reshapeInputs(in frame: FrameContext) {
        for input in inputs {
            guard let reshaper = input.reshaper, let image = image(readBy: input, in: frame) else { continue }
            reshaper.reshape(image, quad: frame.quad)
        }
    }

    /// With the pass's program in use: binds each input to its unit (reshaped, fed back, or as its node made
    /// it) and sets the wired uniforms and the dialect's per-frame ones.
    private func setInputsAndUniforms(in frame: inout FrameContext) {
        // Sound images are refilled before any input is bound: an upload binds its texture on the active unit.
        for input in inputs { input.sound?.update(at: frame.state.time.seconds) }
        bindInputImages(in: frame)
        for uniform in wiredUniforms {
            uniform.write(from: frame.values[uniform.source], scratch: &frame.wireScratch, writer: &frame.uniformWriter)
        }
        frameUniforms?.set(frame.state, sourceSeconds: frame.sourceSeconds)
    }

    private func bindInputImages(in frame: FrameContext) {
        for input in inputs {
            let image = input.sound?.target ?? input.reshaper?.target ?? image(readBy: input, in: frame)
            image?.bind(toUnit: input.unit, filter: input.filter, wrap: input.wrap)
        }
        if let unit = previousContentsUnit { feedback?.previous.bind(toUnit: unit, filter: GL_NEAREST) }
    }

    /// The image an input reads as its node made it: this frame's, or the previous frame its pass keeps.
    private func image(readBy input: Input, in frame: FrameContext) -> RenderTarget? {
        input.isFeedback ? frame.feedback[input.step]?.previous : frame.images[input.step]
    }

    /// Draws the watches into their images for pass `passIndex` of the node (0 without ISF PASSES), with the
    /// node's inputs still bound as its pass read them, then puts the node's program back in use.
    private func drawWatches(passIndex: Int, passSize: PixelSize, in frame: inout FrameContext) {
        for watch in frame.watchPasses {
            guard let pass = watch.pass, watch.targets.indices.contains(passIndex) else { continue }
            watch.targets[passIndex].bindForDrawing()
            glUseProgram(pass.program.name)
            pass.setInputsAndUniforms(in: &frame)
            if isfPasses != nil {
                glUniform1i(watch.passIndexLocation, GLint(passIndex))
                glUniform2f(watch.renderSizeLocation, Float(passSize.width), Float(passSize.height))
            }
            frame.quad.draw()
        }
        glUseProgram(program.name)
    }
}

import CGLES
import ShaderGraph
import ShaderLanguage

/// A compute node, bound once: each kernel linked (and checked against the driver's limits), its targets made as
/// images a kernel can store into, its buffers made, samplers on their units and literal uniforms written. Each
/// frame it binds its inputs, targets and buffers, runs its passes in order with the plan's barrier after each,
/// and its first target is its image. A class: its buffers and targets carry what it wrote into the next frame.
final class ComputeStep: BoundStep {
    struct Pass {
        var program: ComputeProgram
        var groups: [Int]
        var barrier: ComputeBarrier
        var wired: [(location: GLint, uniform: PassPlan.Uniform, source: Int, components: [Int])]
        var frameUniforms: FrameUniformLocations
    }

    /// Where a kernel's per-frame uniforms are (`ComputePlan.frameUniforms`), -1 where it has none.
    struct FrameUniformLocations {
        var time: GLint
        var delta: GLint
        var frame: GLint
        var resolution: (location: GLint, components: Int)

        var readsClock: Bool { time >= 0 || delta >= 0 || frame >= 0 }
    }

    /// A `readonly image2D` input: the image its step made, copied into a texture an image unit can hold (a
    /// one-channel one for `r32f` and `r32ui`).
    struct ImageInput {
        enum Copy {
            case colour(RenderTarget)
            case oneChannel(OneChannelImage)
        }

        var source: Int
        var unit: Int
        var copy: Copy
    }

    let plan: ComputePlan
    let passes: [Pass]
    let targets: [RenderTarget]
    /// For each target, the one-channel image its kernels store into, copied into the target after them.
    let storedTargets: [OneChannelImage?]
    let buffers: [StorageBuffer]
    let samplerInputs: [(source: Int, unit: Int, filter: GLint, wrap: GLint)]
    let imageInputs: [ImageInput]
    let size: PixelSize
    /// Kernels run instrumented for watches, by pass (`watch(_:)`).
    var watchedPasses: [Int: WatchedPass] = [:]
    /// Literal uniforms set since binding (`setUniform`), which an instrumented kernel built later starts from.
    private(set) var tunedLiterals: [String: [Float]] = [:]

    /// A kernel instrumented for its watches, with their images and the units each pair is on.
    struct WatchedPass {
        var pass: Pass
        var targets: [WatchTargets]
        var units: [(values: Int, runs: Int)]
    }

    private init(plan: ComputePlan, passes: [Pass], targets: [RenderTarget], storedTargets: [OneChannelImage?], buffers: [StorageBuffer],
                 samplerInputs: [(source: Int, unit: Int, filter: GLint, wrap: GLint)], imageInputs: [ImageInput], size: PixelSize) {
        self.plan = plan
        self.passes = passes
        self.targets = targets
        self.storedTargets = storedTargets
        self.buffers = buffers
        self.samplerInputs = samplerInputs
        self.imageInputs = imageInputs
        self.size = size
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: ComputeStep?, size: PixelSize) {
        guard case .compute(let plan) = planned.work else { return (nil, binding.renderSize) }
        let size = plan.imageSize(renderSize: binding.renderSize, sizes: binding.sizes)
        do throws(DiagnosticsError) {
            let step = try bind(plan, size: size, sizes: binding.sizes, writer: &binding.writer)
            binding.storageBuffers[binding.index] = step.buffers
            return (step, size)
        } catch {
            binding.diagnostics += error.diagnostics.map { $0.naming(node: planned.node.name) }
            return (nil, size)
        }
    }

    private static func bind(_ plan: ComputePlan, size: PixelSize, sizes: [PixelSize], writer: inout UniformWriter) throws(DiagnosticsError) -> ComputeStep {
        let limits = ComputeLimits.current
        try ComputeLimitCheck(limits: limits, plan: plan, size: size, sizes: sizes).check()
        var passes: [Pass] = []
        var problems: [Diagnostic] = []
        for (index, pass) in plan.passes.enumerated() {
            do throws(DiagnosticsError) {
                passes.append(prepare(try ComputeProgram(pass), pass: index, of: plan, groups: plan.groups(ofPass: index, size: size, sizes: sizes),
                                      literals: [:], writer: &writer))
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        do throws(GPUError) {
            let targets = try plan.targets.map { target throws(GPUError) in
                try RenderTarget(TextureDescriptor(size: size, format: target.format), storesImages: true)
            }
            let stored = try plan.targets.map { target throws(GPUError) in try target.stored.map { format throws(GPUError) in try OneChannelImage(format, size: size, direction: .toColour) } }
            let buffers = try plan.buffers.map { buffer throws(GPUError) in try StorageBuffer(buffer) }
            var samplers: [(source: Int, unit: Int, filter: GLint, wrap: GLint)] = []
            var images: [ImageInput] = []
            for input in plan.inputs {
                switch input.binding {
                case .sampler(let unit):
                    samplers.append((input.source, unit, input.sampling.filter == .nearest ? GL_NEAREST : GL_LINEAR, input.sampling.glWrap))
                case .image(let unit, let format):
                    let copy: ImageInput.Copy = if let oneChannel = OneChannelFormat(rawValue: format) {
                        .oneChannel(try OneChannelImage(oneChannel, size: sizes[input.source], direction: .fromColour))
                    } else {
                        .colour(try RenderTarget(TextureDescriptor(size: sizes[input.source], format: PixelFormat(rawValue: format) ?? .rgba8),
                                                 storesImages: true))
                    }
                    images.append(ImageInput(source: input.source, unit: unit, copy: copy))
                }
            }
            try GLInfo.check("binding a compute node")
            return ComputeStep(plan: plan, passes: passes, targets: targets, storedTargets: stored, buffers: buffers, samplerInputs: samplers,
                               imageInputs: images, size: size)
        } catch {
            throw DiagnosticsError([.error(error.message, at: plan.passes[0].location)])
        }
    }

    /// Pass `index` of `plan` with `program`, over `groups` work groups: its samplers on their units, its literal
    /// uniforms written (those in `literals` at their tuned values), the locations of its wired and per-frame
    /// uniforms found.
    static func prepare(_ program: ComputeProgram, pass index: Int, of plan: ComputePlan, groups: [Int],
                        literals: [String: [Float]], writer: inout UniformWriter) -> Pass {
        glUseProgram(program.name)
        for input in plan.inputs {
            if case .sampler(let unit) = input.binding { glUniform1i(program.uniformLocation(input.name), GLint(unit)) }
        }
        var wired: [(location: GLint, uniform: PassPlan.Uniform, source: Int, components: [Int])] = []
        for uniform in plan.uniforms {
            let location = program.uniformLocation(uniform.name)
            guard location >= 0 else { continue }
            switch uniform.value {
            case .literal(let numbers):
                (literals[uniform.name] ?? numbers).withUnsafeBufferPointer { writer.set(location, type: uniform.type, count: uniform.count, values: $0) }
            case .step(let source, let components):
                wired.append((location, uniform, source, components))
            }
        }
        for (name, values) in literals where !plan.uniforms.contains(where: { $0.name == name }) {
            guard let declaration = plan.passes[index].interface.uniform(named: name) else { continue }
            values.withUnsafeBufferPointer { writer.set(program.uniformLocation(name), type: declaration.type, count: declaration.arrayLength ?? 1, values: $0) }
        }
        let resolution = plan.passes[index].interface.uniform(named: "iResolution")?.type.componentCount ?? 0
        let locations = FrameUniformLocations(time: program.uniformLocation("iTime"), delta: program.uniformLocation("iTimeDelta"),
                                              frame: program.uniformLocation("iFrame"),
                                              resolution: (program.uniformLocation("iResolution"), resolution))
        return Pass(program: program, groups: groups, barrier: plan.barriers[index], wired: wired, frameUniforms: locations)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        for buffer in buffers where !buffer.plan.isPersistent { buffer.reset() }
        for (buffer, binding) in zip(buffers, plan.bufferBindings) { buffer.bind(to: binding) }
        // Copied first: a one-channel copy uses texture and image unit 0, which the kernels' own bindings then take.
        for input in imageInputs {
            guard let image = frame.images[input.source] else { continue }
            switch input.copy {
            case .colour(let copy): image.copy(into: copy)
            case .oneChannel(let copy): copy.copy(from: image)
            }
        }
        for input in imageInputs {
            switch input.copy {
            case .colour(let copy):
                glBindImageTexture(GLuint(input.unit), copy.texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_READ_ONLY),
                                   GLenum(RenderTarget.storage(for: copy.descriptor.format).internalFormat))
            case .oneChannel(let copy):
                copy.bind(toUnit: input.unit)
            }
        }
        for input in samplerInputs {
            frame.images[input.source]?.bind(toUnit: input.unit, filter: input.filter, wrap: input.wrap)
        }
        for (index, planned) in plan.targets.enumerated() {
            if let stored = storedTargets[index] {
                stored.bind(toUnit: planned.unit)
            } else {
                glBindImageTexture(GLuint(planned.unit), targets[index].texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_READ_WRITE),
                                   GLenum(RenderTarget.storage(for: planned.format).internalFormat))
            }
        }
        for (passIndex, ownPass) in passes.enumerated() {
            // A watched kernel runs instrumented in its own place, recording into its watches' images as well.
            let watched = watchedPasses[passIndex]
            let pass = watched?.pass ?? ownPass
            if let watched {
                for (targets, units) in zip(watched.targets, watched.units) {
                    targets.clear()
                    glBindImageTexture(GLuint(units.values), targets.value.texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_RGBA32F))
                    glBindImageTexture(GLuint(units.runs), targets.runs.texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_RGBA32F))
                }
            }
            glUseProgram(pass.program.name)
            for wire in pass.wired {
                let source = frame.values[wire.source]
                let numbers = wire.components.isEmpty ? source : wire.components.map { source[$0] }
                numbers.withUnsafeBufferPointer {
                    frame.uniformWriter.set(wire.location, type: wire.uniform.type, count: wire.uniform.count, values: $0)
                }
            }
            setFrameUniforms(pass.frameUniforms, frame: frame.state)
            glDispatchCompute(GLuint(pass.groups[0]), GLuint(pass.groups[1]), GLuint(pass.groups[2]))
            glMemoryBarrier((watched == nil ? pass.barrier : .beforeReaders).glBits)
        }
        for (stored, target) in zip(storedTargets, targets) {
            stored?.copy(into: target)
        }
        frame.images[index] = targets.first
    }

    /// Writes `values` into every kernel that declares the literal uniform `name`; false, and nothing written,
    /// for one a wire sets, one a size or dispatch expression reads, one no kernel declares, or the wrong count of
    /// numbers.
    func setUniform(_ name: String, to values: [Float], writer: inout UniformWriter) -> Bool {
        guard !passes.contains(where: { $0.wired.contains { $0.uniform.name == name } }), !plan.uniformsShapingIt.contains(name),
              let declaration = plan.passes.lazy.compactMap({ $0.interface.uniform(named: name) }).first,
              let components = declaration.type.componentCount, values.count == components * (declaration.arrayLength ?? 1) else { return false }
        for pass in passes + watchedPasses.values.map(\.pass) {
            let location = pass.program.uniformLocation(name)
            guard location >= 0 else { continue }
            glUseProgram(pass.program.name)
            values.withUnsafeBufferPointer { writer.set(location, type: declaration.type, count: declaration.arrayLength ?? 1, values: $0) }
        }
        tunedLiterals[name] = values
        return true
    }

    private func setFrameUniforms(_ locations: FrameUniformLocations, frame state: FrameState) {
        if locations.time >= 0 { glUniform1f(locations.time, Float(state.time.seconds)) }
        if locations.delta >= 0 { glUniform1f(locations.delta, Float(state.delta)) }
        if locations.frame >= 0 { glUniform1i(locations.frame, GLint(state.time.index)) }
        let (location, components) = locations.resolution
        if location >= 0 {
            if components == 2 { glUniform2f(location, Float(size.width), Float(size.height)) }
            if components == 3 { glUniform3f(location, Float(size.width), Float(size.height), 1) }
        }
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        targets.first?.descriptor ?? TextureDescriptor(size: size)
    }

    /// Still unless the kernels read the clock, keep buffers, or read what they wrote the frame before; else as
    /// what they read.
    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        if passes.contains(where: \.frameUniforms.readsClock) || plan.buffers.contains(where: \.isPersistent) { return .continuous }
        let readsOwnImage = plan.targets.contains { target in
            plan.passes.contains { $0.interface.image(named: target.name)?.access == .readWrite }
        }
        if readsOwnImage { return .continuous }
        let read = plan.inputs.map { motions[$0.source] } + passes.flatMap(\.wired).map { motions[$0.source] }
        return read.max() ?? .still
    }
}

import ShaderLanguage

/// Which shader passes of a plan are drawn as one program: chains in which each pass reads the one before only
/// at its own pixel (`PointwiseAnalysis`), at the same size, and nothing else reads the one before. `fused()`
/// draws each chain as one pass (`ShaderFusion`); `check --plan` prints them.
extension FramePlan {
    /// Each chain of two or more pass steps that could be fused, in drawing order. None when the composition
    /// says `fuse: false`.
    public var fusibleChains: [[Int]] {
        guard composition.fuses else { return [] }
        var next: [Int: Int] = [:], previous: [Int: Int] = [:]
        let readers = readerCounts()
        for index in steps.indices {
            guard let source = fusibleSource(of: index, readers: readers) else { continue }
            next[source] = index
            previous[index] = source
        }
        return next.keys.filter { previous[$0] == nil }.sorted().map { start in
            var chain = [start]
            while let following = next[chain.last!] { chain.append(following) }
            return chain
        }
    }

    /// The pass whose colour step `index` takes at its own pixel, when the two could be one program: it must
    /// add nothing to the program but its own text (no vertex-stage coordinates, no texel step of its own, a
    /// GLSL version one program can hold with the pass before it, and its coordinates), and the pass before must not be marked
    /// `cache: true`. Where the plan converts frames in their readers, the step may be a camera or movie read
    /// by a GPUImage-style filter alone, at its coordinate, as it is: the conversion is then the pass before.
    /// `readers`: `readerCounts()`, counted once for the whole plan.
    func fusibleSource(of index: Int, readers: [Int]) -> Int? {
        guard case .pass(let pass) = steps[index].work, canEndChain(index) else { return nil }
        let candidates = pass.inputs.filter { input in
            if isConvertedInReader(input.source) {
                // The conversion drew an 8-bit image, which the reader read as its filter and edges chose.
                return !input.isFeedback && input.sampling == InputSampling() && pass.format == .rgba8
                    && pass.interface.dialect == .glsl && pass.interface.varyings.allSatisfy { $0.name == FrameConversionMember.coordinate }
                    && readers[input.source] == 1 && PointwiseAnalysis.reads(input.sampler, of: pass.shader)
            }
            guard !input.isFeedback, !input.sampling.isFlipped, !unfused.contains(steps[input.source].node.name), case .pass(let source) = steps[input.source].work,
                  case .shader(let written) = steps[input.source].node.kind, !written.cache else { return false }
            let coordinates = Set(source.interface.varyings.map(\.name))
            return source.isfChain == nil && !source.keepsPreviousFrame && source.size == pass.size && source.format == pass.format
                && ShaderFusion.programVersion(of: [source.interface.version, pass.interface.version]) != nil
                && ShaderFusion.isFusible(source.shader, isLast: false)
                && pass.interface.varyings.allSatisfy { coordinates.contains($0.name) }
                && readers[input.source] == 1 && PointwiseAnalysis.reads(input.sampler, of: pass.shader)
        }
        return candidates.count == 1 ? candidates[0].source : nil
    }

    /// Whether step `index` is a pass that can be the last of a chain: drawn by nothing but its own text.
    private func canEndChain(_ index: Int) -> Bool {
        guard case .pass(let pass) = steps[index].work else { return false }
        return !unfused.contains(steps[index].node.name) && pass.isfChain == nil && !pass.keepsPreviousFrame
            && ShaderFusion.isFusible(pass.shader, isLast: true) && pass.interface.steppedVaryings.isEmpty
            && pass.interface.blurCoordinateCount == nil && pass.texelWidth == .firstInputTexel(uniform: nil)
            && pass.texelHeight == .firstInputTexel(uniform: nil)
    }

    /// The chain that ends at the output's pass (the pass alone, if no chain does), where the plan packs the output
    /// as YUV planes and that chain can draw them: GLSL ES passes at the render size whose image nothing else reads,
    /// each of which reads nothing of the fragment it is drawn in but its coordinates (`ShaderFusion.isPackable`),
    /// and samples nothing through a mipmap. The packing evaluates the chain at each pixel a plane's texel holds.
    func packedChain(among chains: [[Int]]) -> [Int]? {
        guard outputPacking != nil, composition.fuses, canEndChain(output), readerCounts()[output] == 1 else { return nil }
        let chain = chains.first { $0.last == output } ?? [output]
        let packable = chain.allSatisfy { index in
            if isConvertedInReader(index) { return true }
            guard case .pass(let pass) = steps[index].work else { return false }
            return pass.size == nil && pass.interface.dialect == .glsl && ShaderFusion.isPackable(pass.shader)
                && pass.interface.varyings.allSatisfy { VertexStage.coordinateVaryings.contains($0.name) }
                && pass.inputs.allSatisfy { $0.sampling.filter != .mipmap }
        }
        return packable ? chain : nil
    }

    /// Whether step `index` is a camera or movie whose frames the plan may convert in the pass that reads them.
    func isConvertedInReader(_ index: Int) -> Bool {
        guard convertsFramesInReaders else { return false }
        switch steps[index].work {
        case .camera, .movie: return true
        default: return false
        }
    }

    /// How many times each step's image is read in a frame or kept after it, by step index: counted in one walk
    /// over the plan, so that asking it of every step keeps planning linear in the graph.
    func readerCounts() -> [Int] {
        var counts = steps.map { kept.contains($0.node.name) ? 1 : 0 }
        for step in steps {
            switch step.work {
            case .pass(let pass): for input in pass.inputs { counts[input.source] += 1 }
            case .reduction(_, let input), .pick(_, let input): counts[input] += 1
            default: break
            }
        }
        return counts
    }

    /// This plan with each fusible chain drawn as one pass at the place of its last node, the other nodes'
    /// steps gone, and the output's chain drawing YUV planes where the plan packs the output (`packedChain`).
    /// A chain whose text the rewriting cannot follow stays as it was.
    public func fused() -> FramePlan {
        var plan = self
        var removed = Set<Int>()
        var chains = fusibleChains
        let packed = packedChain(among: chains)
        // A pass alone can draw the planes too.
        if let packed, packed.count == 1 { chains.append(packed) }
        for chain in chains {
            let packing = chain == packed ? outputPacking : nil
            // A chain the packing cannot be written into is still fused.
            guard let pass = fusedPass(chain, packing: packing) ?? (packing != nil && chain.count > 1 ? fusedPass(chain, packing: nil) : nil),
                  let last = chain.last else { continue }
            // A converted frame's step stays: it still takes the frames and uploads their planes.
            let drawn = chain.filter { !isConvertedInReader($0) }
            plan.steps[last].work = .pass(pass)
            // What the chain's passes were the last to read, the fused pass now is; and the images it reads for
            // earlier members, which a step drawn between them and the chain's last place would otherwise let go.
            let read = Set(pass.inputs.map(\.source)), members = Set(chain)
            var released = Set(drawn.flatMap { steps[$0].releases })
            for index in steps.indices where index < last && !members.contains(index) {
                released.formUnion(plan.steps[index].releases.filter(read.contains))
                plan.steps[index].releases.removeAll(where: read.contains)
            }
            plan.steps[last].releases = released.subtracting(drawn).sorted()
            removed.formUnion(drawn.dropLast())
        }
        guard !removed.isEmpty else { return plan }
        var newIndex: [Int] = []
        var count = 0
        for index in steps.indices {
            newIndex.append(count)
            if !removed.contains(index) { count += 1 }
        }
        let renumber = { (index: Int) in newIndex[index] }
        plan.steps = plan.steps.indices.filter { !removed.contains($0) }.map { plan.steps[$0].renumbered(renumber) }
        if case .firstSource(let candidates) = plan.renderSize { plan.renderSize = .firstSource(candidates.map(renumber)) }
        plan.output = renumber(output)
        return plan
    }

    /// The steps of `chain` as one pass: the first one's inputs and texel step, every member's uniforms and other
    /// inputs under the names the fused text gives them, drawn at the last one's size and format, or into the
    /// planes of `packing`.
    private func fusedPass(_ chain: [Int], packing: YUV420Packing?) -> PassPlan? {
        let passes = chain.enumerated().compactMap { position, index -> PassPlan? in
            if case .pass(let pass) = steps[index].work { return pass }
            // A converted frame heads its chain; the pass after it reads it.
            guard position == 0, isConvertedInReader(index), chain.count > 1, case .pass(let reader) = steps[chain[1]].work else { return nil }
            return conversionPass(of: index, readBy: reader)
        }
        guard passes.count == chain.count, let head = passes.first, var fused = passes.last else { return nil }
        let members = chain.indices.map { position in
            ShaderFusion.Member(node: steps[chain[position]].node.name, shader: passes[position].shader,
                                chainedSampler: position == 0 ? nil : passes[position].inputs.first { $0.source == chain[position - 1] }?.sampler)
        }
        guard let text = ShaderFusion.fragmentSource(of: members, rounding: fused.format == .rgba8, packing: packing != nil) else { return nil }
        fused.packing = packing

        var interface = head.interface
        interface.version = text.version
        interface.uniforms = chain.indices.flatMap { position in
            passes[position].interface.uniforms.filter { $0.name != members[position].chainedSampler }.map { declaration in
                var renamed = declaration
                renamed.name = text.renamed[position][declaration.name] ?? declaration.name
                return renamed
            }
        }
        let samplers = interface.samplers.map(\.name)
        fused.inputs = chain.indices.flatMap { position in
            passes[position].inputs.filter { $0.sampler != members[position].chainedSampler }.map { input in
                var renamed = input
                renamed.sampler = text.renamed[position][input.sampler] ?? input.sampler
                renamed.unit = samplers.firstIndex(of: renamed.sampler) ?? input.unit
                return renamed
            }
        }
        fused.uniforms = chain.indices.flatMap { position in
            passes[position].uniforms.map { uniform in
                var renamed = uniform
                renamed.name = text.renamed[position][uniform.name] ?? uniform.name
                return renamed
            }
        }
        func renamedTexelStep(_ step: PassPlan.TexelStep) -> PassPlan.TexelStep {
            if case .firstInputTexel(let uniform?) = step { return .firstInputTexel(uniform: text.renamed[0][uniform] ?? uniform) }
            return step
        }
        fused.texelWidth = renamedTexelStep(head.texelWidth)
        fused.texelHeight = renamedTexelStep(head.texelHeight)
        fused.interpolatesInputs = passes.contains(where: \.interpolatesInputs)
        var shader = head.shader
        shader.interface = interface
        shader.fragmentSource = text.source
        // A 1.00 head in a 3.x program: the vertex stage (the workbench's, for every member) must be 3.x too.
        if head.interface.version != text.version { shader.vertexSource = VertexStage.source(for: interface) }
        shader.framebufferFetchSource = nil
        shader.fusedMembers = zip(members, text.renamed).map { member, renamed in
            PreparedShader.FusedMember(node: member.node, source: member.shader.source, renamed: renamed)
        }
        fused.shader = shader
        if let frame = chain.first, isConvertedInReader(frame) {
            let name = { (written: String) in text.renamed[0][written] ?? written }
            let planes = FrameConversionMember.planes.map(name)
            fused.convertedFrame = PassPlan.ConvertedFrame(
                source: frame, planes: planes, units: planes.map { samplers.firstIndex(of: $0) ?? 0 },
                layout: name(FrameConversionMember.layout), matrix: name(FrameConversionMember.matrix),
                offset: name(FrameConversionMember.offset), width: name(FrameConversionMember.width))
        }
        return fused
    }

    /// The conversion of frame step `frame` as the pass it would be, reading the step's image where `reader`
    /// did: the head of `reader`'s chain, which fusion writes in `reader`'s GLSL version.
    private func conversionPass(of frame: Int, readBy reader: PassPlan) -> PassPlan {
        var pass = reader
        pass.shader = FrameConversionMember.shader
        let read = reader.inputs.first { $0.source == frame }
        pass.inputs = [PassPlan.Input(sampler: FrameConversionMember.planes[0], unit: 0, source: frame, mapping: read?.mapping ?? .fill,
                                      isFeedback: false)]
        pass.uniforms = []
        pass.format = .rgba8
        pass.interpolatesInputs = false
        pass.previousContentsUnit = nil
        pass.convertedFrame = nil
        return pass
    }

    /// The step that draws `node`'s image and the name its `uniform` has in that step's program: its own step,
    /// or the fused pass it is a member of.
    public func program(drawing node: String, uniform: String) -> (step: Int, uniform: String)? {
        for (index, step) in steps.enumerated() {
            guard case .pass(let pass) = step.work, pass.nodes(drawnAs: step.node.name).contains(node) else { continue }
            return (index, pass.programUniform(uniform, of: node))
        }
        return nil
    }
}

extension FramePlan.Step {
    /// The same step with every step index it holds passed through `renumber`.
    func renumbered(_ renumber: (Int) -> Int) -> FramePlan.Step {
        var step = self
        step.releases = releases.map(renumber)
        func moved<Item>(_ items: [Item], _ source: WritableKeyPath<Item, Int>) -> [Item] {
            items.map { item in
                var moved = item
                moved[keyPath: source] = renumber(item[keyPath: source])
                return moved
            }
        }
        func moved(_ uniforms: [PassPlan.Uniform]) -> [PassPlan.Uniform] {
            uniforms.map { uniform in
                var moved = uniform
                moved.value = uniform.value.renumbered(renumber)
                return moved
            }
        }
        switch work {
        case .pass(var pass):
            if let frame = pass.convertedFrame?.source { pass.convertedFrame?.source = renumber(frame) }
            pass.inputs = moved(pass.inputs, \.source)
            pass.uniforms = moved(pass.uniforms)
            step.work = .pass(pass)
        case .compute(var compute):
            compute.inputs = moved(compute.inputs, \.source)
            compute.uniforms = moved(compute.uniforms)
            if case .step(let sized) = compute.size { compute.size = .step(renumber(sized)) }
            step.work = .compute(compute)
        case .draw(var draw):
            draw.inputs = moved(draw.inputs, \.source)
            draw.uniforms = draw.uniforms.map { (name: $0.name, value: $0.value.renumbered(renumber)) }
            draw.backdrop = draw.backdrop.map(renumber)
            step.work = .draw(draw)
        case .reduction(let reduction, let input): step.work = .reduction(reduction, input: renumber(input))
        case .pick(let pick, let input): step.work = .pick(pick, input: renumber(input))
        case .bufferValue(let read, let input): step.work = .bufferValue(read, input: renumber(input))
        case .depth(let input): step.work = .depth(input: renumber(input))
        case .operation(var operation):
            operation.operands = operation.operands.map { $0?.renumbered(renumber) }
            step.work = .operation(operation)
        // Listed, not defaulted: a kind that comes to hold a step index must be renumbered here.
        case .image, .sequence, .pattern, .camera, .movie, .audio, .constant, .time, .oscillator, .mouse, .key, .keyboard, .drag, .curve:
            break
        }
        return step
    }
}

extension PlannedValue {
    func renumbered(_ renumber: (Int) -> Int) -> PlannedValue {
        if case .step(let index, let components) = self { return .step(renumber(index), components: components) }
        return self
    }
}

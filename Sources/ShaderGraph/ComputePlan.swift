import ShaderLanguage

/// A compute node as the frame runs it: its kernels in order, what each reads on which unit, the images and
/// buffers it makes, and the memory barriers between its passes and before anything reads what it wrote.
public struct ComputePlan: Sendable {
    /// An image a kernel reads from another step.
    public struct Input: Sendable, Equatable {
        public enum Binding: Sendable, Equatable {
            /// A `sampler2D` on this texture unit.
            case sampler(unit: Int)
            /// A `readonly image2D` on this image unit, in this format.
            case image(unit: Int, format: String)
        }

        public var name: String
        public var source: Int
        public var binding: Binding
        /// How a sampler reads it: linear and clamped unless the composition says.
        public var sampling = InputSampling()
    }

    /// An image the node writes, on its image unit.
    public struct Target: Sendable, Equatable {
        public var name: String
        public var unit: Int
        /// The image other nodes read and the window shows.
        public var format: PixelFormat
        /// The one-channel format the kernels store into, when they store into one: copied after the last pass
        /// into the red channel of the image, an `rgba32f` one.
        public var stored: OneChannelFormat?
    }

    public enum Size: Sendable, Equatable {
        case render
        case fixed(PixelSize)
        /// The size of this step's image.
        case step(Int)
        case expression(width: ComputeCount, height: ComputeCount)
    }

    public var passes: [ComputeKernel.Pass]
    /// What must be made visible after each pass: to the next pass, and after the last to every reader.
    public var barriers: [ComputeBarrier]
    public var inputs: [Input]
    public var uniforms: [PassPlan.Uniform]
    /// The first is the node's image.
    public var targets: [Target]
    public var size: Size
    public var buffers: [ComputeKernel.StorageBuffer]
    /// Each buffer's binding, in the order of `buffers`.
    public var bufferBindings: [Int]
    /// The uniforms that the size and dispatch expressions read: a change of one binds the node again.
    public var uniformsShapingIt: Set<String>

    /// The per-frame uniforms a kernel may declare, which the workbench sets as ShaderToy names them.
    public static let frameUniforms = ["iTime", "iTimeDelta", "iFrame", "iResolution"]

    init(_ kernel: ComputeKernel, index: [String: Int]) {
        passes = kernel.passes
        var units = 0
        inputs = kernel.inputs.sorted { $0.key < $1.key }.compactMap { name, wire in
            guard let source = index[wire.node] else { return nil }
            if let image = kernel.image(named: name) {
                return Input(name: name, source: source, binding: .image(unit: image.binding ?? 0, format: image.format ?? "rgba8"))
            }
            defer { units += 1 }
            return Input(name: name, source: source, binding: .sampler(unit: units), sampling: kernel.samplings[name] ?? InputSampling())
        }
        uniforms = kernel.uniforms.sorted { $0.key < $1.key }.compactMap { name, setting in
            guard let declaration = kernel.uniform(named: name) else { return nil }
            let value: PlannedValue
            switch setting {
            case .literal(let numbers, _): value = .literal(numbers)
            case .wire(let wire):
                guard let source = index[wire.node] else { return nil }
                value = .step(source, components: wire.components)
            }
            return PassPlan.Uniform(name: name, type: declaration.type, count: declaration.arrayLength ?? 1, value: value)
        }
        // Parameters the composition leaves alone start at the default the kernel declares for them.
        uniforms += kernel.parameterDeclarations.compactMap { declaration in
            guard kernel.uniforms[declaration.name] == nil, let defaults = declaration.annotation?.defaultValue else { return nil }
            return PassPlan.Uniform(name: declaration.name, type: declaration.type, count: declaration.arrayLength ?? 1, value: .literal(defaults))
        }
        targets = kernel.targets.map { image in
            let stored = image.format.flatMap(OneChannelFormat.init(rawValue:))
            return Target(name: image.name, unit: image.binding ?? 0, format: stored?.shownAs ?? image.format.flatMap(PixelFormat.init(rawValue:)) ?? .rgba8,
                          stored: stored)
        }
        size = switch kernel.size {
        case .render: .render
        case .fixed(let fixed): .fixed(fixed)
        case .node(let wire): index[wire.node].map(Size.step) ?? .render
        case .expression(let width, let height): .expression(width: width, height: height)
        }
        buffers = kernel.buffers
        uniformsShapingIt = kernel.uniformsShapingIt
        bufferBindings = kernel.buffers.map { buffer in
            kernel.passes.lazy.compactMap { $0.interface.buffer(named: buffer.name)?.binding }.first ?? 0
        }
        barriers = kernel.passes.indices.map { pass in
            guard pass + 1 < kernel.passes.count else { return .beforeReaders }
            let next = kernel.passes[pass + 1].interface
            var barrier: ComputeBarrier = []
            if !next.buffers.isEmpty { barrier.insert(.storage) }
            if !next.images.isEmpty { barrier.insert(.imageAccess) }
            return barrier
        }
    }
}

extension ComputePlan {
    /// The node's image size, with every step's image size as bound.
    public func imageSize(renderSize: PixelSize, sizes: [PixelSize]) -> PixelSize {
        switch size {
        case .render: return renderSize
        case .fixed(let fixed): return fixed
        case .step(let step): return sizes[step]
        case .expression(let width, let height):
            let measures = measures(sizes: sizes)
            func side(_ count: ComputeCount) -> Int {
                let value = count.value(size: renderSize, measures: measures)
                return value.isNaN ? 1 : Int(min(max(value, 1), Double(PixelSize.maximumSide)))
            }
            return PixelSize(width: side(width), height: side(height))
        }
    }

    /// The work groups pass `index` runs on each axis over a node image of `size`: its `dispatch:`, else as many
    /// groups of its work group size as cover the image. An expression that gives less than 1, or no number,
    /// counts 0, which the limit check refuses; one past what an Int32 holds counts just past it.
    public func groups(ofPass index: Int, size: PixelSize, sizes: [PixelSize]) -> [Int] {
        let local = passes[index].interface.localSize
        guard let dispatch = passes[index].dispatch else {
            return [(size.width + local[0] - 1) / local[0], (size.height + local[1] - 1) / local[1], 1]
        }
        let measures = measures(sizes: sizes)
        return dispatch.map { count in
            let value = count.value(size: size, measures: measures)
            return value.isNaN || value < 1 ? 0 : Int(min(value, Double(Int32.max) + 1))
        }
    }

    /// What `$WIDTH_name`, `$HEIGHT_name` and `$name` stand for: each image input's size, each literal uniform's
    /// first number.
    private func measures(sizes: [PixelSize]) -> [String: Double] {
        var measures: [String: Double] = [:]
        for input in inputs {
            measures["WIDTH_\(input.name)"] = Double(sizes[input.source].width)
            measures["HEIGHT_\(input.name)"] = Double(sizes[input.source].height)
        }
        for uniform in uniforms {
            if case .literal(let numbers) = uniform.value, let first = numbers.first { measures[uniform.name] = Double(first) }
        }
        return measures
    }
}

/// What a compute pass's writes must be made visible to (`glMemoryBarrier`'s bits), as the plan decides them.
public struct ComputeBarrier: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Image loads and stores of a later pass.
    public static let imageAccess = ComputeBarrier(rawValue: 1 << 0)
    /// Buffer reads and writes of a later pass.
    public static let storage = ComputeBarrier(rawValue: 1 << 1)
    /// Texture reads of a later pass (a fragment shader sampling the image).
    public static let textureFetch = ComputeBarrier(rawValue: 1 << 2)
    /// Reads through a framebuffer: a readback, a copy, the window.
    public static let framebuffer = ComputeBarrier(rawValue: 1 << 3)
    /// A buffer mapped or read back on the CPU.
    public static let bufferUpdate = ComputeBarrier(rawValue: 1 << 4)

    /// After a node's last pass: whatever reads its images and buffers next, in this frame or the next.
    public static let beforeReaders: ComputeBarrier = [.imageAccess, .storage, .textureFetch, .framebuffer, .bufferUpdate]
}

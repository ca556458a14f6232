import ShaderLanguage

/// What a `compute` node says: its kernels, run in order as passes, each over as many work groups as cover the
/// node's image or as its `dispatch:` says; the images and values wired into them; the images they write
/// (its targets, the first of which is the node's image) and the storage buffers they share.
public struct ComputeKernel: Sendable {
    public struct Pass: Sendable {
        public var file: String
        public var source: SourceText
        public var interface: ComputeInterface
        /// Work groups on each axis (expressions over the node's size); nil covers the node's image with groups
        /// of the kernel's work group size.
        public var dispatch: [ComputeCount]?
        /// Where the pass is named (its `file:`), for problems found when it is bound.
        public var location: SourceLocation
        /// The Compute Shader Format header the pass was written from, when its file has one, and which of its
        /// PASSES it is.
        public var format: ComputeShaderFormat?
        public var formatPass = 0
    }

    /// How big the node's images are.
    public enum Size: Sendable, Equatable {
        /// The render size.
        case render
        case fixed(PixelSize)
        /// The size of another node's image.
        case node(Wire)
        /// Each side an expression over the render size, the inputs' sizes and the uniforms.
        case expression(width: ComputeCount, height: ComputeCount)
    }

    /// A storage buffer the node makes for the block its kernels declare under this name.
    public struct StorageBuffer: Sendable, Equatable {
        public var name: String
        /// The elements of its last member's array of no stated length (0 where it has none).
        public var count: Int
        /// What each element of that array is: its scalar kind and components.
        public var element: StorageLayout.Element
        /// Where that array starts, and the whole buffer's size.
        public var arrayOffset: Int
        public var byteCount: Int
        /// What it starts from, laid out; nil starts it from zeros.
        public var initialBytes: [UInt8]?
        /// Kept from frame to frame (reset with the graph) rather than started again each frame.
        public var isPersistent: Bool
        public var location: SourceLocation
        /// The file it starts from, when it names one.
        public var file: String?

        /// The elements a reader can take: its last array's, or its last member alone as one.
        public var elementCount: Int { (byteCount - arrayOffset) / element.stride }
    }

    /// The largest buffer a composition may ask for, whatever the device allows.
    public static let maximumBufferBytes = 64 << 20

    public var passes: [Pass]
    /// Samplers and `readonly` images, by uniform name, and the node whose image each reads.
    public var inputs: [String: Wire]
    public var uniforms: [String: UniformSetting]
    public var size: Size
    /// The format the composition asks for its targets, which each target's format qualifier must match.
    public var format: PixelFormat?
    public var buffers: [StorageBuffer]
    /// `sampling:`, by `sampler2D` input: its filter and edge mode.
    public var samplings: [String: InputSampling] = [:]
    /// Where each key under `inputs:` and `uniforms:` is written.
    public var keyLocations: [String: SourceLocation] = [:]

    /// Every file its passes read, includes among them.
    public var files: [String] {
        passes.flatMap { [$0.file] + $0.source.includedFiles }
    }

    /// The images its passes write that no wire feeds, in the order they first appear: the first is the node's image.
    public var targets: [ComputeInterface.Image] {
        var seen = Set<String>()
        return passes.flatMap(\.interface.images).filter { image in
            inputs[image.name] == nil && image.access.writes && seen.insert(image.name).inserted
        }
    }

    /// A declaration of `name` in any pass: a sampler or a uniform the composition sets.
    public func uniform(named name: String) -> ShaderInterface.Declaration? {
        passes.lazy.compactMap { $0.interface.uniform(named: name) }.first
    }

    /// Every uniform its passes declare, once each, in the order they first appear; one a later pass declares
    /// names that pass's file.
    public var parameterDeclarations: [ShaderInterface.Declaration] {
        var seen = Set<String>()
        return passes.enumerated().flatMap { index, pass in
            pass.interface.uniforms.compactMap { declaration in
                guard seen.insert(declaration.name).inserted else { return nil }
                var declared = declaration
                if index > 0 { declared.file = pass.file }
                return declared
            }
        }
    }

    public func image(named name: String) -> ComputeInterface.Image? {
        passes.lazy.compactMap { $0.interface.image(named: name) }.first
    }

    public func buffer(named name: String) -> StorageBuffer? {
        buffers.first { $0.name == name }
    }

    /// The uniforms its size and dispatch expressions read.
    public var uniformsShapingIt: Set<String> {
        var counts = passes.flatMap { $0.dispatch ?? [] }
        if case .expression(let width, let height) = size { counts += [width, height] }
        return counts.reduce(into: []) { $0.formUnion($1.uniformsRead) }
    }

    /// The `// watch:` comments of its kernels, each at its line of its kernel's own file (not of a file it
    /// includes), naming the kernel it is in unless that is the first (as a watch added by line does).
    public var watchComments: [ShaderWatch] {
        passes.enumerated().flatMap { index, pass in
            ShaderWatch.comments(in: pass.source).compactMap { comment in
                let origin = pass.source.location(line: comment.line)
                guard origin.file == pass.source.path else { return nil }
                return ShaderWatch(line: origin.line, expression: comment.expression, file: index == 0 ? nil : pass.file)
            }
        }
    }

    /// Whether anything of its own outlives a frame.
    public var keepsBuffers: Bool {
        buffers.contains(where: \.isPersistent)
    }
}

import ShaderLanguage

/// A Compute Shader Format file as a compute node's passes: each pass of its header the kernel
/// `ComputeShaderFormat.kernelSource(ofPass:)` writes, its work groups counted as its EXECUTION_MODEL says, and
/// the node's image the size of the first image it writes.
extension ComputeNode {
    static func passes(of format: ComputeShaderFormat, file: String, location: SourceLocation) throws(Diagnostic) -> [ComputeKernel.Pass] {
        try format.passes.indices.map { index throws(Diagnostic) in
            let source = format.kernelSource(ofPass: index)
            let pass = format.passes[index]
            let dispatch: [ComputeCount]? = switch pass.model {
            case .manual(let groups): groups.map(ComputeCount.number)
            // Counted once the buffer's length is known (`bufferDispatch`).
            case .buffer1D: nil
            case .image2D(let stride) where stride == [1, 1]: nil
            case .image2D(let stride):
                // Each invocation covers `stride` pixels on each axis.
                try [0, 1].map { axis throws(Diagnostic) in
                    let side = axis == 0 ? ISFSizeExpression.renderWidth : ISFSizeExpression.renderHeight
                    return .expression(try expression("ceil($\(side) / \(pass.localSize[axis] * stride[axis]))", at: pass.location)) } + [.number(1)]
            }
            var interface = try ComputeInterface.read(source)
            // A storage resource is known by its NAME, the block's instance, not by the block's generated name.
            for index in interface.buffers.indices {
                if let resource = format.resources.first(where: { ComputeShaderFormat.blockName(of: $0.name) == interface.buffers[index].name }) {
                    interface.buffers[index].name = resource.name
                }
            }
            var kernel = ComputeKernel.Pass(file: file, source: source, interface: interface, dispatch: dispatch, location: location)
            kernel.format = format
            kernel.formatPass = index
            return kernel
        }
    }

    /// What the header gives its storage resources where the composition's `buffers:` does not: SIZE elements
    /// (1024 where it says none, as ossia score makes them), kept from frame to frame when read_write.
    static func bufferDefaults(of format: ComputeShaderFormat) -> [String: (count: Int, persistent: Bool)] {
        var defaults: [String: (count: Int, persistent: Bool)] = [:]
        for resource in format.resources {
            guard case .storage(let access, _, let size) = resource.kind else { continue }
            defaults[resource.name] = (size ?? 1024, access == .readWrite)
        }
        return defaults
    }

    /// A 1D_BUFFER pass's work groups: one invocation for each `stride` elements of its buffer's last array.
    static func bufferDispatch(of pass: ComputeKernel.Pass, buffers: [ComputeKernel.StorageBuffer]) -> [ComputeCount]? {
        let index = pass.formatPass
        guard let format = pass.format, format.passes.indices.contains(index), case .buffer1D(let target, let stride) = format.passes[index].model else {
            return pass.dispatch
        }
        let buffer = target.flatMap { name in buffers.first { $0.name == name } } ?? buffers.first
        let elements = buffer?.elementCount ?? 1
        let perGroup = format.passes[index].localSize[0] * stride
        return [.number(max(1, (elements + perGroup - 1) / perGroup)), .number(1), .number(1)]
    }

    /// The node's size as the header says it: the first written image's WIDTH and HEIGHT; nil where it gives
    /// none (the composition's `size:`, else the first image input's size, else the render size).
    static func imageSize(of format: ComputeShaderFormat) -> ComputeKernel.Size? {
        guard case .image(_, _, let width?, let height?)? = format.writtenImages.first?.kind else { return nil }
        return .expression(width: .expression(width), height: .expression(height))
    }

    private static func expression(_ text: String, at location: SourceLocation) throws(Diagnostic) -> ISFSizeExpression {
        do throws(ISFSizeExpression.SyntaxError) {
            return try ISFSizeExpression(parsing: text, inputs: [])
        } catch {
            throw .error("a stride's work groups: \(error.message)", at: location, code: .computeDispatch)
        }
    }
}

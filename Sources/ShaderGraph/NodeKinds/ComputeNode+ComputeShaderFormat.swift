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
            case .image2D(let stride) where stride == [1, 1]: nil
            case .image2D(let stride):
                // Each invocation covers `stride` pixels on each axis.
                try [0, 1].map { axis throws(Diagnostic) in
                    let side = axis == 0 ? ISFSizeExpression.renderWidth : ISFSizeExpression.renderHeight
                    return .expression(try expression("ceil($\(side) / \(pass.localSize[axis] * stride[axis]))", at: pass.location)) } + [.number(1)]
            }
            var kernel = ComputeKernel.Pass(file: file, source: source, interface: try ComputeInterface.read(source), dispatch: dispatch, location: location)
            kernel.format = format
            return kernel
        }
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

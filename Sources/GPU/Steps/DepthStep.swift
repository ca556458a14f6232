import CGLES
import ShaderGraph
import ShaderLanguage

/// A depth node: after its draw step ran, that step's depth texture copied texel for texel into an `rgba32f`
/// image of its own (`depth-copy.frag.glsl`), which any pass samples as it samples an image. The copy keeps
/// the 24 bits the buffer holds; a depth texture itself would be sampled only to its nearest texel and only
/// by a program that knows it is one. A class: it owns its program and image.
final class DepthStep: BoundStep {
    let program: BuiltInProgram
    let target: RenderTarget
    /// The draw step whose depth texture it copies, and its place in the plan.
    let draw: DrawStep
    let input: Int

    static func plannedTexture(of planned: FramePlan.Step, renderSize: PixelSize) -> TextureDescriptor {
        TextureDescriptor(size: renderSize, format: .rgba32f)
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: DepthStep?, size: PixelSize) {
        guard case .depth(let input) = planned.work, input < binding.index, let draw = binding.drawSteps[input] else {
            // The draw node could not be bound, and said why.
            return (nil, binding.renderSize)
        }
        let size = binding.sizes[input]
        do throws(GPUError) {
            return (try DepthStep(draw: draw, input: input, size: size), size)
        } catch {
            binding.diagnostics.append(.error(error.description, at: planned.node.location).naming(node: planned.node.name))
            return (nil, size)
        }
    }

    private init(draw: DrawStep, input: Int, size: PixelSize) throws(GPUError) {
        self.draw = draw
        self.input = input
        target = try RenderTarget(TextureDescriptor(size: size, format: .rgba32f))
        program = try BuiltInProgram("the depth copy", vertex: GPUShaderFile.fullscreenVertex.text, fragment: GPUShaderFile.depthCopy.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("depth", unit: 0)
        glUseProgram(0)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        target.bindForDrawing()
        program.use()
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), draw.depth.name)
        frame.quad.draw()
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        frame.images[index] = target
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        target.descriptor
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        motions[input]
    }
}

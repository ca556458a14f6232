import CGLES
import ShaderGraph

/// Lays an input whose aspect ratio differs from its pass onto a target of the pass's size, filled (cropped)
/// or fitted (with transparent black bars), so every shader, in every dialect, sees its inputs the shape of
/// its output. One extra pass per such input per frame; inputs of the pass's shape never come here.
package final class InputReshaper {
    let target: RenderTarget
    private let program: BuiltInProgram
    private let share: (Double, Double)

    /// Nil when the input needs no reshaping: stretched, or already the pass's aspect ratio.
    init?(mapping: InputMapping, input: PixelSize, pass: PixelSize) throws(GPUError) {
        guard mapping != .stretch, input.width * pass.height != input.height * pass.width else { return nil }
        share = mapping.visibleShare(input: input, pass: pass)
        target = try RenderTarget(TextureDescriptor(size: pass))
        program = try BuiltInProgram("an input's mapping", vertex: GPUShaderFile.fullscreenVertex.text,
                                     fragment: GPUShaderFile.inputReshape.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("source", unit: 0)
        program.set(program.uniformLocation("share"), SIMD2(Float(share.0), Float(share.1)))
        program.set(program.uniformLocation("passSize"), SIMD2(Float(pass.width), Float(pass.height)))
    }

    /// Draws `image` onto `target`, the pass-shaped image the pass then samples.
    func reshape(_ image: RenderTarget, quad: FullscreenQuad) {
        target.bindForDrawing()
        program.use()
        image.bind(toUnit: 0, filter: GL_LINEAR)
        quad.draw()
    }
}

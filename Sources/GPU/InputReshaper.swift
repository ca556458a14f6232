import CGLES
import ShaderGraph
import ShaderLanguage

/// Lays an input whose aspect ratio differs from its pass onto a target of the pass's size, filled (cropped)
/// or fitted (with transparent black bars), so every shader, in every dialect, sees its inputs the shape of
/// its output; and turns an input that is read flipped upside down, at its own size where it is not laid
/// onto the pass's. One extra pass per such input per frame; other inputs never come here.
package final class InputReshaper {
    let target: RenderTarget
    private let program: BuiltInProgram
    private let share: (Double, Double)

    /// Nil when the input needs no reshaping: not flipped, and stretched or already the pass's aspect ratio.
    /// The target keeps the input's format, so a half-float image keeps its depth.
    init?(mapping: InputMapping, flipped: Bool, input: TextureDescriptor, pass: PixelSize) throws(GPUError) {
        let laidOnPass = mapping != .stretch && input.size.width * pass.height != input.size.height * pass.width
        guard laidOnPass || flipped else { return nil }
        share = laidOnPass ? mapping.visibleShare(input: input.size, pass: pass) : (1, 1)
        target = try RenderTarget(TextureDescriptor(size: laidOnPass ? pass : input.size, format: input.format))
        program = try BuiltInProgram("an input's mapping", vertex: GPUShaderFile.fullscreenVertex.text,
                                     fragment: GPUShaderFile.inputReshape.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("source", unit: 0)
        program.set(program.uniformLocation("share"), SIMD2(Float(share.0), Float(share.1)))
        program.set(program.uniformLocation("passSize"), SIMD2(Float(target.size.width), Float(target.size.height)))
        glUniform1i(program.uniformLocation("flipped"), flipped ? 1 : 0)
    }

    /// Draws `image` onto `target`, the pass-shaped image the pass then samples.
    func reshape(_ image: RenderTarget, quad: FullscreenQuad) {
        target.bindForDrawing()
        program.use()
        image.bind(toUnit: 0, filter: GL_LINEAR)
        quad.draw()
    }
}

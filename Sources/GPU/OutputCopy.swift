import CGLES
import ShaderGraph
import ShaderLanguage

/// Draws a render target into a framebuffer an app owns, covering its viewport: texel for texel when the
/// sizes match (so an embedded composition's pixels are exactly the workbench's), filtered when scaling.
/// The image's top row lands at the framebuffer's row 0, as in every render target here.
public final class OutputCopy {
    private let program: BuiltInProgram
    private let quad: FullscreenQuad
    private let exactLocation: GLint

    public init() throws(GPUError) {
        program = try BuiltInProgram("the output copy", vertex: GPUShaderFile.outputCopyVertex.text,
                                     fragment: GPUShaderFile.outputCopyFragment.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        quad = try FullscreenQuad()
        exactLocation = program.uniformLocation("exact")
        program.setSampler("image", unit: 0)
    }

    /// Draws `image` over all of `framebuffer`, which is `size` pixels.
    public func draw(_ image: RenderTarget, into framebuffer: GLuint, size: PixelSize) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        program.use()
        let exact = image.size == size
        glUniform1i(exactLocation, exact ? 1 : 0)
        image.bind(toUnit: 0, filter: exact ? GL_NEAREST : GL_LINEAR)
        quad.draw()
    }
}

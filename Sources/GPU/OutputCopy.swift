import CGLES
import ShaderGraph

/// Draws a render target into a framebuffer an app owns, covering its viewport: texel for texel when the
/// sizes match (so an embedded composition's pixels are exactly the workbench's), filtered when scaling.
/// The image's top row lands at the framebuffer's row 0, as in every render target here.
public final class OutputCopy {
    private let program: BuiltInProgram
    private let quad: FullscreenQuad
    private let exactLocation: GLint

    public init() throws(GPUError) {
        program = try BuiltInProgram("the output copy", vertex: Self.vertex, fragment: Self.fragment,
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

    package static let vertex = """
        #version 300 es
        in vec2 \(VertexStage.positionAttribute);
        out vec2 coordinate;
        void main() {
            coordinate = \(VertexStage.positionAttribute) * 0.5 + 0.5;
            gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0);
        }
        """

    package static let fragment = """
        #version 300 es
        precision highp float;
        uniform sampler2D image;
        uniform bool exact;
        in vec2 coordinate;
        out vec4 colour;
        void main() {
            colour = exact ? texelFetch(image, ivec2(gl_FragCoord.xy), 0) : texture(image, coordinate);
        }
        """
}

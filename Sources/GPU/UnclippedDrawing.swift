import CGLES
import ShaderGraph

/// Sets up the next draws to land wherever they are placed in the bound framebuffer, whatever the image
/// drawing before them left switched on: a layer over the image is never clipped or culled.
public enum UnclippedDrawing {
    /// Sets the viewport to (0, 0) and `viewport`, and turns off the depth, scissor and stencil tests and
    /// face culling.
    public static func prepare(viewport: PixelSize) {
        glViewport(0, 0, GLsizei(viewport.width), GLsizei(viewport.height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_STENCIL_TEST))
        glDisable(GLenum(GL_CULL_FACE))
    }
}

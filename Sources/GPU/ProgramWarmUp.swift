import CGLES
import ShaderGraph

/// Draws a freshly linked program once into a small target of the format passes render to, then waits
/// for it. Mesa's llvmpipe compiles a program to machine code at its first draw (tens of milliseconds for a
/// small shader, seconds for large unrolled loops), so doing that draw on a compiling thread keeps it off
/// the frame the window shows.
public enum ProgramWarmUp {
    public static func draw(_ program: LinkedProgram, samplers: Int, format: PixelFormat = .rgba8) {
        let side: GLsizei = 16
        var target: GLuint = 0
        glGenTextures(1, &target)
        glBindTexture(GLenum(GL_TEXTURE_2D), target)
        let (internalFormat, type) = RenderTarget.storage(for: format)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, side, side, 0, GLenum(GL_RGBA), type, nil)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), target, 0)

        // Inputs sampled the way passes sample them: RGBA8, nearest, clamped.
        var input: GLuint = 0
        glGenTextures(1, &input)
        glBindTexture(GLenum(GL_TEXTURE_2D), input)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, side, side, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        for unit in 0..<samplers {
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
            glBindTexture(GLenum(GL_TEXTURE_2D), input)
        }

        glViewport(0, 0, side, side)
        glUseProgram(program.name)
        if let quad = try? FullscreenQuad() {
            quad.draw()
        }
        glFinish()
        glUseProgram(0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &target)
        glDeleteTextures(1, &input)
    }
}

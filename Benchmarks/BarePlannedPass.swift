import CGLES
import GPU
import Images
import ShaderGraph

/// One pass of a frame plan (a fused chain's program, say) drawn straight against GLES over one image, with
/// the plan's literal uniforms set once: the same program text and the same arithmetic as the executor's
/// pass, with nothing of the executor around the draw. The reference a fused chain is measured against.
final class BarePlannedPass {
    private let program: GLuint
    private var source: GLuint = 0
    private var target: GLuint = 0
    private var framebuffer: GLuint = 0
    private var vertexArray: GLuint = 0
    private var buffer: GLuint = 0
    private let width: GLsizei
    private let height: GLsizei

    init(_ pass: PassPlan, image: RGBAImage) throws {
        guard pass.inputs.count == 1 else { throw BenchmarkError("a bare pass reads one image; this one reads \(pass.inputs.count)") }
        width = GLsizei(image.width)
        height = GLsizei(image.height)
        program = try BareChain.link(vertex: pass.shader.vertexSource, fragment: pass.shader.fragmentSource)
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, pass.inputs[0].sampler), 0)
        var writer = UniformWriter()
        for uniform in pass.uniforms {
            guard case .literal(let values) = uniform.value else { throw BenchmarkError("uniform \(uniform.name) is wired; a bare pass sets literals") }
            values.withUnsafeBufferPointer { writer.set(glGetUniformLocation(program, uniform.name), type: uniform.type, count: uniform.count, values: $0) }
        }
        for (name, value) in [("texelWidth", 1 / Float(width)), ("texelHeight", 1 / Float(height))] {
            glUniform1f(glGetUniformLocation(program, name), value)
        }

        glGenTextures(1, &source)
        glBindTexture(GLenum(GL_TEXTURE_2D), source)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.pixels.withUnsafeBytes { bytes in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, width, height, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        BareChain.setNearest()
        glGenTextures(1, &target)
        glBindTexture(GLenum(GL_TEXTURE_2D), target)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, width, height, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        BareChain.setNearest()
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), target, 0)

        (vertexArray, buffer) = BareChain.makeQuad()
    }

    func renderFrame() {
        glBindVertexArray(vertexArray)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, width, height)
        glUseProgram(program)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), source)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    func readOutput() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: Int(width * height * 4))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        pixels.withUnsafeMutableBytes { glReadPixels(0, 0, width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        return pixels
    }
}

import CGLES
import Images
import ShaderGraph
import ShaderLanguage

/// The same passes as a workload, written straight against GLES with nothing else: the reference the
/// executor is measured against. The shader text is the same prepared GLSL the executor compiles, so only
/// the code around the draws differs.
final class BareChain {
    private var programs: [GLuint] = []
    private var textures: [GLuint] = []
    private var framebuffers: [GLuint] = []
    private var vertexArray: GLuint = 0
    private var buffer: GLuint = 0
    private let width: GLsizei
    private let height: GLsizei

    init(workload: Workload, image: RGBAImage, shaders: String) throws {
        width = GLsizei(image.width)
        height = GLsizei(image.height)
        var source: GLuint = 0
        glGenTextures(1, &source)
        glBindTexture(GLenum(GL_TEXTURE_2D), source)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.pixels.withUnsafeBytes { bytes in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, width, height, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        Self.setNearest()
        textures.append(source)

        for pass in workload.passes {
            let text = try UserFile.readText(path: shaders + "/" + pass.shader)
            let prepared = PreparedShader(source: text, interface: try ShaderInterface.read(text))
            let program = try Self.link(vertex: prepared.vertexSource, fragment: prepared.fragmentSource)
            glUseProgram(program)
            glUniform1i(glGetUniformLocation(program, "inputImageTexture"), 0)
            for (name, values) in pass.uniforms {
                let location = glGetUniformLocation(program, name)
                switch values.count {
                case 1: glUniform1f(location, values[0])
                case 2: glUniform2f(location, values[0], values[1])
                default: glUniform3f(location, values[0], values[1], values[2])
                }
            }
            programs.append(program)

            var texture: GLuint = 0
            glGenTextures(1, &texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, width, height, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            Self.setNearest()
            var framebuffer: GLuint = 0
            glGenFramebuffers(1, &framebuffer)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            textures.append(texture)
            framebuffers.append(framebuffer)
        }

        (vertexArray, buffer) = Self.makeQuad()
    }

    /// The full-frame quad every bare pass draws: a vertex array with its buffer of four corners at attribute 0.
    static func makeQuad() -> (vertexArray: GLuint, buffer: GLuint) {
        var vertexArray: GLuint = 0, buffer: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let corners: [GLfloat] = [-1, -1, 1, -1, -1, 1, 1, 1]
        corners.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        return (vertexArray, buffer)
    }

    func renderFrame() {
        glBindVertexArray(vertexArray)
        glActiveTexture(GLenum(GL_TEXTURE0))
        for index in programs.indices {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffers[index])
            glViewport(0, 0, width, height)
            glUseProgram(programs[index])
            glBindTexture(GLenum(GL_TEXTURE_2D), textures[index])
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        }
    }

    /// Replaces the first pass's input with `image`, of the chain's size, as a movie's next frame would.
    func upload(_ image: RGBAImage) {
        glBindTexture(GLenum(GL_TEXTURE_2D), textures[0])
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.pixels.withUnsafeBytes { bytes in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
    }

    /// The last pass's pixels into `pixels`, resized to fit once.
    func readOutput(into pixels: inout [UInt8]) {
        if pixels.count != Int(width * height * 4) { pixels = [UInt8](repeating: 0, count: Int(width * height * 4)) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffers[framebuffers.count - 1])
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        pixels.withUnsafeMutableBytes { glReadPixels(0, 0, width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
    }

    func readOutput() -> RGBAImage {
        var pixels: [UInt8] = []
        readOutput(into: &pixels)
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    static func setNearest() {
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    static func link(vertex: String, fragment: String) throws -> GLuint {
        let program = glCreateProgram()
        for (text, stage) in [(vertex, GL_VERTEX_SHADER), (fragment, GL_FRAGMENT_SHADER)] {
            let shader = glCreateShader(GLenum(stage))
            text.withCString { pointer in
                var source: UnsafePointer<GLchar>? = pointer
                glShaderSource(shader, 1, &source, nil)
            }
            glCompileShader(shader)
            glAttachShader(program, shader)
            glDeleteShader(shader)
        }
        glBindAttribLocation(program, 0, VertexStage.positionAttribute)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else { throw BenchmarkError("a benchmark shader failed to link") }
        return program
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

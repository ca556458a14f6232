import CGLES
import ShaderGraph

/// A linked program for one prepared shader. Building it either succeeds or throws every diagnostic the
/// driver gave, mapped to the user's file; there is no half-built state.
public final class ShaderProgram {
    public let name: GLuint
    public let shader: PreparedShader

    public init(_ shader: PreparedShader) throws(DiagnosticsError) {
        self.shader = shader
        let vertex = try Self.compile(shader.vertexSource, stage: GLenum(GL_VERTEX_SHADER), for: shader)
        defer { glDeleteShader(vertex) }
        let fragment = try Self.compile(shader.fragmentSource, stage: GLenum(GL_FRAGMENT_SHADER), for: shader)
        defer { glDeleteShader(fragment) }

        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glBindAttribLocation(program, FullscreenQuad.positionLocation, PreparedShader.positionAttribute)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(of: program, program: true)
            glDeleteProgram(program)
            throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: log, for: shader, stage: .link))
        }
        name = program
    }

    private static func compile(_ text: String, stage: GLenum, for shader: PreparedShader) throws(DiagnosticsError) -> GLuint {
        let object = glCreateShader(stage)
        text.withCString { pointer in
            var source: UnsafePointer<GLchar>? = pointer
            glShaderSource(object, 1, &source, nil)
        }
        glCompileShader(object)
        var compiled: GLint = 0
        glGetShaderiv(object, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(of: object, program: false)
            glDeleteShader(object)
            if stage == GLenum(GL_VERTEX_SHADER) {
                // The vertex stage is the workbench's own; its failure is not the user's line.
                throw DiagnosticsError([.error("the workbench's vertex stage failed to compile: \(log)", at: shader.source.location(line: 0))])
            }
            throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: log, for: shader, stage: .fragment))
        }
        return object
    }

    private static func infoLog(of object: GLuint, program: Bool) -> String {
        var length: GLint = 0
        if program {
            glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if program {
            glGetProgramInfoLog(object, length, nil, &buffer)
        } else {
            glGetShaderInfoLog(object, length, nil, &buffer)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// -1 when the uniform is absent or optimised away, which GL treats as "ignore".
    public func uniformLocation(_ uniform: String) -> GLint {
        glGetUniformLocation(name, uniform)
    }

    deinit {
        glDeleteProgram(name)
    }
}

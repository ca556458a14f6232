import CGLES
import ShaderGraph
import Synchronization

/// A linked program for one prepared shader. Building it either succeeds or throws every diagnostic the
/// driver gave, mapped to the user's file; there is no half-built state.
public final class ShaderProgram {
    public let name: GLuint
    public let shader: PreparedShader
    /// Unique in the process, unlike GL names, which are reused: traces name programs by this.
    public let identifier: Int

    public convenience init(_ shader: PreparedShader) throws(DiagnosticsError) {
        self.init(adopting: try Self.link(shader), shader: shader)
    }

    /// Takes ownership of a program linked with `link` on a context that shares objects with this one.
    public init(adopting linked: LinkedProgram, shader: PreparedShader) {
        self.name = linked.name
        self.shader = shader
        self.identifier = ProgramIdentifiers.next()
    }

    /// Compiles and links on the current context, which may be a worker's context sharing objects with the
    /// renderer's; the result is adopted there with `init(adopting:shader:)`.
    public static func link(_ shader: PreparedShader) throws(DiagnosticsError) -> LinkedProgram {
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
        return LinkedProgram(name: program)
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

/// A program name linked but not yet owned: the one thing that crosses from a compiling thread.
public struct LinkedProgram: Sendable {
    public let name: GLuint
}

enum ProgramIdentifiers {
    private static let counter = Mutex(0)

    static func next() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}

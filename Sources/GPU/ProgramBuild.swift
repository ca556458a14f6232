import CGLES

/// The raw steps of building a GL program, with the driver's own log on failure. User shaders turn that
/// log into located diagnostics (`ShaderProgram`); the workbench's own shaders (`BuiltInProgram`) can only
/// fail on a broken driver, so theirs becomes a `GPUError`.
public enum ProgramBuild {
    public enum Failure: Error, Sendable {
        case vertex(log: String)
        case fragment(log: String)
        case link(log: String)

        public var log: String {
            switch self {
            case .vertex(let log), .fragment(let log), .link(let log): log
            }
        }
    }

    /// Compiles both stages and links them, binding `attributes` (name → slot) first. The program is handed
    /// over uncounted: whoever owns it adopts it, possibly on another thread (`ShaderProgram`, `BuiltInProgram`).
    public static func build(vertex: String, fragment: String, attributes: [String: GLuint] = [:]) -> Result<GLuint, Failure> {
        let vertexShader: GLObject
        do {
            vertexShader = try compile(vertex, as: .vertexShader)
        } catch {
            return .failure(.vertex(log: error.text))
        }
        let fragmentShader: GLObject
        do {
            fragmentShader = try compile(fragment, as: .fragmentShader)
        } catch {
            return .failure(.fragment(log: error.text))
        }

        let program = GLObject(.program)
        glAttachShader(program.name, vertexShader.name)
        glAttachShader(program.name, fragmentShader.name)
        for (name, slot) in attributes {
            glBindAttribLocation(program.name, slot, name)
        }
        glLinkProgram(program.name)
        var linked: GLint = 0
        glGetProgramiv(program.name, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            return .failure(.link(log: infoLog(of: program.name, isProgram: true)))
        }
        return .success(program.handOver())
    }

    struct Log: Error {
        var text: String
    }

    static func compile(_ text: String, as stage: GLObject.Kind) throws(Log) -> GLObject {
        let shader = GLObject(stage)
        text.withCString { pointer in
            var source: UnsafePointer<GLchar>? = pointer
            glShaderSource(shader.name, 1, &source, nil)
        }
        glCompileShader(shader.name)
        var compiled: GLint = 0
        glGetShaderiv(shader.name, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            throw Log(text: infoLog(of: shader.name, isProgram: false))
        }
        return shader
    }

    static func infoLog(of object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram {
            glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if isProgram {
            glGetProgramInfoLog(object, length, nil, &buffer)
        } else {
            glGetShaderInfoLog(object, length, nil, &buffer)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

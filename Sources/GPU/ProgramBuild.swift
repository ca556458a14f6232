import CGLES

/// The raw steps of building a GL program, with the driver's own log on failure. User shaders turn that
/// log into located diagnostics (`ShaderProgram`); the workbench's own shaders (the presenter, the overlay)
/// can only fail on a broken driver, so theirs becomes a `GPUError`.
public enum ProgramBuild {
    public enum Failure: Error, Sendable {
        case vertex(log: String)
        case fragment(log: String)
        case link(log: String)
    }

    /// Compiles both stages and links them, binding `attributes` (name → slot) first.
    public static func build(vertex: String, fragment: String, attributes: [String: GLuint] = [:]) -> Result<GLuint, Failure> {
        let vertexShader: GLuint
        switch compile(vertex, stage: GLenum(GL_VERTEX_SHADER)) {
        case .success(let shader): vertexShader = shader
        case .failure(let log): return .failure(.vertex(log: log.text))
        }
        defer { glDeleteShader(vertexShader) }
        let fragmentShader: GLuint
        switch compile(fragment, stage: GLenum(GL_FRAGMENT_SHADER)) {
        case .success(let shader): fragmentShader = shader
        case .failure(let log): return .failure(.fragment(log: log.text))
        }
        defer { glDeleteShader(fragmentShader) }

        let program = glCreateProgram()
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        for (name, slot) in attributes {
            glBindAttribLocation(program, slot, name)
        }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = infoLog(of: program, isProgram: true)
            glDeleteProgram(program)
            return .failure(.link(log: log))
        }
        return .success(program)
    }

    /// Builds one of the workbench's own programs; `what` names it in the error.
    public static func builtIn(_ what: String, vertex: String, fragment: String, attributes: [String: GLuint] = [:]) throws(GPUError) -> GLuint {
        switch build(vertex: vertex, fragment: fragment, attributes: attributes) {
        case .success(let program): return program
        case .failure(.vertex(let log)): throw GPUError("\(what)'s vertex shader failed to compile: \(log)")
        case .failure(.fragment(let log)): throw GPUError("\(what)'s fragment shader failed to compile: \(log)")
        case .failure(.link(let log)): throw GPUError("\(what)'s shaders failed to link: \(log)")
        }
    }

    private struct Log: Error {
        var text: String
    }

    private static func compile(_ text: String, stage: GLenum) -> Result<GLuint, Log> {
        let shader = glCreateShader(stage)
        text.withCString { pointer in
            var source: UnsafePointer<GLchar>? = pointer
            glShaderSource(shader, 1, &source, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(of: shader, isProgram: false)
            glDeleteShader(shader)
            return .failure(Log(text: log))
        }
        return .success(shader)
    }

    private static func infoLog(of object: GLuint, isProgram: Bool) -> String {
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

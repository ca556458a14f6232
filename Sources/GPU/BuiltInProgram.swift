import CGLES

/// One of the workbench's own programs (the presenter, the frame conversion, the reductions, the overlay),
/// built from its built-in sources. Those fail only on a broken driver, so the driver's log becomes a
/// `GPUError` rather than located diagnostics. Made, used and released on the thread whose context is current.
public final class BuiltInProgram {
    private let program: GLObject

    var name: GLuint { program.name }

    /// `what` names the program in errors; `attributes` binds vertex inputs (name → slot) for sources that
    /// do not place them with layout qualifiers.
    public init(_ what: String, vertex: String, fragment: String, attributes: [String: GLuint] = [:]) throws(GPUError) {
        switch ProgramBuild.build(vertex: vertex, fragment: fragment, attributes: attributes) {
        case .success(let name): program = GLObject(adopting: name, kind: .program)
        case .failure(.vertex(let log)): throw GPUError("\(what)'s vertex shader failed to compile: \(log)")
        case .failure(.fragment(let log)): throw GPUError("\(what)'s fragment shader failed to compile: \(log)")
        case .failure(.link(let log)): throw GPUError("\(what)'s shaders failed to link: \(log)")
        }
    }

    /// Makes this the program the next draws use.
    public func use() {
        glUseProgram(name)
    }

    /// -1 when the uniform is absent or optimised away, which GL treats as "ignore".
    public func uniformLocation(_ uniform: String) -> GLint {
        glGetUniformLocation(name, uniform)
    }

    /// Points a sampler at a texture unit, leaving this program in use. A program keeps the setting, so
    /// this is set-up work, done once.
    public func setSampler(_ uniform: String, unit: Int) {
        use()
        glUniform1i(uniformLocation(uniform), GLint(unit))
    }

    /// Sets a `vec2` uniform of this program, which must be in use.
    public func set(_ location: GLint, _ value: SIMD2<Float>) {
        glUniform2f(location, value.x, value.y)
    }
}

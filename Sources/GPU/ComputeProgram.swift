import CGLES
import ShaderGraph
import ShaderLanguage
import ShaderTranslation

/// A linked program for one compute kernel. Building it either succeeds or throws the driver's diagnostics at
/// the user's lines; a desktop GLSL kernel is read by glslang and written back as GLSL ES 3.10 first.
final class ComputeProgram {
    /// The text the driver was given, which a reload of the same kernel finds the program by.
    let text: String
    /// The kernel's work group size as the driver linked it.
    let localSize: [Int]
    private let program: GLObject

    var name: GLuint { program.name }

    /// `written` is the text to build, the kernel's own unless told (its instrumented text, for watches).
    convenience init(_ pass: ComputeKernel.Pass, text written: String? = nil) throws(DiagnosticsError) {
        let text = try pass.driverText(written: written)
        switch Self.link(text) {
        case .success(let program):
            self.init(text: text, linked: program)
        case .failure(.compile(let log)):
            throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: log, in: pass.source, stage: .compile))
        case .failure(.link(let log)):
            throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: log, in: pass.source, stage: .link))
        }
    }

    /// One of the workbench's own kernels, `what` naming it in errors: those fail only on a broken driver.
    convenience init(builtIn text: String, what: String) throws(GPUError) {
        switch Self.link(text) {
        case .success(let program): self.init(text: text, linked: program)
        case .failure(.compile(let log)): throw GPUError("\(what) failed to compile: \(log)")
        case .failure(.link(let log)): throw GPUError("\(what) failed to link: \(log)")
        }
    }

    private init(text: String, linked program: consuming GLObject) {
        var size = [GLint](repeating: 1, count: 3)
        glGetProgramiv(program.name, GLenum(GL_COMPUTE_WORK_GROUP_SIZE), &size)
        self.text = text
        localSize = size.map(Int.init)
        self.program = program
    }

    private enum BuildFailure: Error {
        case compile(String)
        case link(String)
    }

    private static func link(_ text: String) -> Result<GLObject, BuildFailure> {
        let shader: GLObject
        do throws(ProgramBuild.Log) {
            shader = try ProgramBuild.compile(text, as: .computeShader)
        } catch {
            return .failure(.compile(error.text))
        }
        let program = GLObject(.program)
        glAttachShader(program.name, shader.name)
        glLinkProgram(program.name)
        var linked: GLint = 0
        glGetProgramiv(program.name, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else { return .failure(.link(ProgramBuild.infoLog(of: program.name, isProgram: true))) }
        return .success(program)
    }

    /// -1 when the uniform is absent or optimised away, which GL treats as "ignore".
    func uniformLocation(_ uniform: String) -> GLint {
        glGetUniformLocation(name, uniform)
    }
}

extension ComputeKernel.Pass {
    /// The GLSL ES text the driver is given for the pass (`written`, else its own): a desktop kernel's
    /// translation, which the C export embeds too, so that the app's driver needs no translator.
    package func driverText(written: String? = nil) throws(DiagnosticsError) -> String {
        let written = written ?? source.lines.joined(separator: "\n")
        guard interface.isDesktop else { return written }
        switch DesktopGLSLTranslator.translate(compute: written) {
        case .success(let translated): return translated
        case .failure(let failure):
            throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: failure.log, in: source, stage: .compile))
        }
    }
}

import CGLES
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import ShaderTranslation

/// A linked program for one prepared shader. Building it either succeeds or throws every diagnostic the
/// driver gave, mapped to the user's file; there is no half-built state.
public final class ShaderProgram {
    public let shader: PreparedShader
    /// Unique in the process, unlike GL names, which are reused: traces name programs by this.
    public let identifier: Int
    /// Whether it reads its target through EXT_shader_framebuffer_fetch, so its pass draws over its last
    /// frame in place; a shader that reads `gl_LastFragData` otherwise samples it from a texture.
    public let fetchesFramebuffer: Bool
    /// Whether the driver refused the shader as GLSL ES and runs its desktop GLSL reading, rewritten as GLSL ES.
    public let translatedFromDesktopGLSL: Bool
    private let program: GLObject

    public var name: GLuint { program.name }

    /// `framebufferFetch`: whether the GPU may read a target as it draws (see `link`).
    public convenience init(_ shader: PreparedShader, framebufferFetch: Bool = GLInfo.supportsFramebufferFetch) throws(DiagnosticsError) {
        self.init(adopting: try Self.link(shader, framebufferFetch: framebufferFetch), shader: shader)
    }

    /// Takes ownership of a program linked with `link` on a context that shares objects with this one.
    public init(adopting linked: LinkedProgram, shader: PreparedShader) {
        program = GLObject(adopting: linked.name, kind: .program)
        self.shader = shader
        self.fetchesFramebuffer = linked.fetchesFramebuffer
        self.translatedFromDesktopGLSL = linked.translatedFromDesktopGLSL
        self.identifier = ProgramIdentifiers.next()
    }

    /// Compiles and links on the current context, which may be a worker's context sharing objects with the
    /// renderer's; the result is adopted there with `init(adopting:shader:)`. A shader that reads
    /// `gl_LastFragData` fetches it where `framebufferFetch` allows (by default, where the driver lists the
    /// extension) and its plan lets it. A stage of the user's the driver refuses as GLSL ES is tried once more
    /// as desktop GLSL (`translatedVertex`, `linkTranslation`).
    public static func link(_ shader: PreparedShader,
                            framebufferFetch: Bool = GLInfo.supportsFramebufferFetch) throws(DiagnosticsError) -> LinkedProgram {
        let fetched = framebufferFetch ? shader.framebufferFetchSource : nil
        return try link(shader, vertex: shader.vertexSource, fragment: fetched ?? shader.fragmentSource, fetches: fetched != nil,
                        vertexTranslated: false)
    }

    private static func link(_ shader: PreparedShader, vertex: String, fragment: String, fetches: Bool,
                             vertexTranslated: Bool) throws(DiagnosticsError) -> LinkedProgram {
        switch ProgramBuild.build(vertex: vertex, fragment: fragment, attributes: FullscreenQuad.attributes) {
        case .success(let program):
            return LinkedProgram(name: program, fetchesFramebuffer: fetches, translatedFromDesktopGLSL: vertexTranslated)
        case .failure(.vertex(let log)):
            guard !vertexTranslated else {
                throw DiagnosticsError([.error("the vertex shader's GLSL ES translation failed to compile: \(log)",
                                               at: (shader.interface.vertexShader ?? shader.source).location(line: 0))])
            }
            return try link(shader, vertex: try translatedVertex(of: shader, refusedWith: log), fragment: fragment, fetches: fetches,
                            vertexTranslated: true)
        case .failure(.fragment(let log)):
            return try linkTranslation(of: shader, vertex: vertex, refusedWith: log)
        case .failure(.link(let log)):
            throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: log, for: shader, stage: .link))
        }
    }

    /// The user's vertex shader, refused by the driver with `log`, read as desktop GLSL and rewritten as GLSL ES;
    /// where that fails too, the driver's errors at its lines with glslang's under them. The workbench's own
    /// vertex stage failing is not the user's line.
    private static func translatedVertex(of shader: PreparedShader, refusedWith log: String) throws(DiagnosticsError) -> String {
        guard let vertex = shader.interface.vertexShader else {
            throw DiagnosticsError([.error("the workbench's vertex stage failed to compile: \(log)", at: shader.source.location(line: 0))])
        }
        switch DesktopGLSLTranslator.translate(vertex: shader.vertexSource) {
        case .success(let text): return text
        case .failure(let failure): throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: log, desktopLog: failure.log, in: vertex))
        }
    }

    /// Many shaders were written for desktop OpenGL, whose GLSL allows what GLSL ES refuses. The one the driver
    /// refused with `log` is read as desktop GLSL and rewritten as GLSL ES (translations are remembered by
    /// text, so a reload of the same text does not translate again), and that is linked beside `vertex`,
    /// reading its target from a texture. Where the desktop reading fails too, both compilers' errors are the
    /// user's to see.
    private static func linkTranslation(of shader: PreparedShader, vertex: String, refusedWith log: String) throws(DiagnosticsError) -> LinkedProgram {
        let translated: String
        switch DesktopGLSLTranslator.translate(fragment: shader.fragmentSource) {
        case .success(let text):
            translated = text
        case .failure(let failure):
            throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: log, desktopLog: failure.log, for: shader))
        }
        switch ProgramBuild.build(vertex: vertex, fragment: translated, attributes: FullscreenQuad.attributes) {
        case .success(let program):
            return LinkedProgram(name: program, fetchesFramebuffer: false, translatedFromDesktopGLSL: true)
        case .failure(let failure):
            // The driver's words about the translation are about lines the user never wrote: theirs stand, with a note.
            var diagnostics = CompilerDiagnostics.diagnostics(fromLog: log, for: shader, stage: .compile)
            let reason = failure.log.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let note = Diagnostic(.note, "read as desktop GLSL, its GLSL ES rewriting failed too: \(reason)")
            if !diagnostics.isEmpty { diagnostics[0].notes.append(note) }
            throw DiagnosticsError(diagnostics)
        }
    }

    /// -1 when the uniform is absent or optimised away, which GL treats as "ignore".
    public func uniformLocation(_ uniform: String) -> GLint {
        glGetUniformLocation(name, uniform)
    }
}

/// A program name linked but not yet owned: the one thing that crosses from a compiling thread.
public struct LinkedProgram: Sendable {
    public let name: GLuint
    public let fetchesFramebuffer: Bool
    public let translatedFromDesktopGLSL: Bool
}

enum ProgramIdentifiers {
    private static let counter = Locked(0)

    static func next() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}

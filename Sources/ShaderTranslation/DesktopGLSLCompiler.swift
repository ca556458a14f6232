import CDesktopGLSL
import OperatingSystem
#if canImport(Glibc)
import Glibc
#endif

/// glslang and SPIRV-Cross, reached through their shared library (`desktop_glsl.h`), which is opened when a shader
/// first needs it: linked in, they made every process start slower (glslang's static archives doubled the
/// executable's relocations) for shaders that are almost always GLSL ES already. The library is looked for
/// beside the executable, then where the dynamic loader looks. Its functions are called one at a time.
enum DesktopGLSLCompiler {
    enum Stage {
        case fragment, vertex, compute

        var value: shaderbench_glsl_stage {
            switch self {
            case .fragment: SHADERBENCH_GLSL_FRAGMENT
            case .vertex: SHADERBENCH_GLSL_VERTEX
            case .compute: SHADERBENCH_GLSL_COMPUTE
            }
        }
    }

    enum Failure: Error {
        /// glslang's log, in its `ERROR: 0:12: 'x' : ...` form.
        case refused(log: String)
        /// SPIRV-Cross's reason.
        case notWritten(reason: String)
        /// Why the library could not be opened.
        case unavailable(reason: String)
    }

    /// Whether glslang's GLSL ES front end accepts `source` as it stands; nil without the library.
    static func acceptsAsES(_ source: String, stage: Stage) -> Bool? {
        guard case .success(let functions) = library else { return nil }
        return serialized.withLock { functions.acceptsAsES(source, stage.value) != 0 }
    }

    /// `source` read as desktop GLSL (`defaultVersion` where it has no `#version`), written back as GLSL ES `esVersion`.
    static func translate(_ source: String, stage: Stage, defaultVersion: Int, esVersion: Int) throws(Failure) -> String {
        let functions = try library.get()
        var text: UnsafeMutablePointer<CChar>?
        let status = serialized.withLock {
            functions.translate(source, stage.value, Int32(defaultVersion), UInt32(esVersion), &text)
        }
        defer { free(text) }
        let written = text.map { String(cString: $0) } ?? ""
        switch status {
        case SHADERBENCH_GLSL_TRANSLATED: return written
        case SHADERBENCH_GLSL_REFUSED: throw .refused(log: written)
        default: throw .notWritten(reason: written)
        }
    }

    private struct Functions: @unchecked Sendable {
        var acceptsAsES: shaderbench_glsl_accepts_as_es_function
        var translate: shaderbench_glsl_translate_function
    }

    private static let serialized = Locked(())

    private static let library: Result<Functions, Failure> = {
        // Beside the executable first; the bare name finds it beside the library that opens it too, both being
        // linked with their own folder as their run path.
        let beside = ProgramLocation.executableDirectory.map { $0 + "/" + SHADERBENCH_DESKTOP_GLSL_LIBRARY }
        let library = SharedLibrary(beside.flatMap { access($0, F_OK) == 0 ? $0 : nil } ?? SHADERBENCH_DESKTOP_GLSL_LIBRARY)
        do throws(SharedLibraryError) {
            return .success(Functions(acceptsAsES: try library.function(SHADERBENCH_GLSL_ACCEPTS_AS_ES),
                                      translate: try library.function(SHADERBENCH_GLSL_TRANSLATE)))
        } catch {
            return .failure(.unavailable(reason: error.message))
        }
    }()
}

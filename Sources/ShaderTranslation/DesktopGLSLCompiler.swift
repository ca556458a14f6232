import CDesktopGLSL
import OperatingSystem
#if canImport(Glibc)
import Glibc
#endif

/// glslang and SPIRV-Cross, reached through their shared library (`desktop_glsl.h`), which is opened when a shader
/// first needs it: linking them into every process doubled the relocations each one's start binds, for shaders
/// that are almost always GLSL ES already. The library is looked for beside the executable, then where the
/// dynamic loader looks. Its functions are called one at a time.
enum DesktopGLSLCompiler {
    enum Stage {
        case fragment, vertex

        var value: shaderbench_glsl_stage {
            switch self {
            case .fragment: SHADERBENCH_GLSL_FRAGMENT
            case .vertex: SHADERBENCH_GLSL_VERTEX
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
        return serialized.withLock { _ in functions.acceptsAsES(source, stage.value) != 0 }
    }

    /// `source` read as desktop GLSL (`defaultVersion` where it has no `#version`), written back as GLSL ES `esVersion`.
    static func translate(_ source: String, stage: Stage, defaultVersion: Int, esVersion: Int) throws(Failure) -> String {
        let functions = try library.get()
        var text: UnsafeMutablePointer<CChar>?
        let status = serialized.withLock { _ in
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
        // The bare name finds it beside the executable or the library that opens it too: both are linked with
        // their own folder as their run path.
        let candidates = [ProgramLocation.executableDirectory.map { $0 + "/" + SHADERBENCH_DESKTOP_GLSL_LIBRARY }, SHADERBENCH_DESKTOP_GLSL_LIBRARY].compactMap { $0 }
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                // A file that is there but does not load (a library of its own missing) says why; one not there
                // sends the search on.
                if path.contains("/"), access(path, F_OK) == 0 {
                    return .failure(.unavailable(reason: dlerror().map { String(cString: $0) } ?? path))
                }
                continue
            }
            guard let accepts = dlsym(handle, SHADERBENCH_GLSL_ACCEPTS_AS_ES), let translate = dlsym(handle, SHADERBENCH_GLSL_TRANSLATE) else {
                return .failure(.unavailable(reason: "\(path) lacks the translator's functions"))
            }
            return .success(Functions(acceptsAsES: unsafeBitCast(accepts, to: shaderbench_glsl_accepts_as_es_function.self),
                                      translate: unsafeBitCast(translate, to: shaderbench_glsl_translate_function.self)))
        }
        return .failure(.unavailable(reason: "\(SHADERBENCH_DESKTOP_GLSL_LIBRARY) is neither beside the executable nor where the dynamic loader looks"))
    }()
}

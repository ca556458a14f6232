import OperatingSystem

/// Shaders written for desktop OpenGL, whose GLSL allows what GLSL ES refuses (globals initialised from
/// uniforms, implicit int-to-float conversions, redefined built-ins such as `sign`), rewritten as GLSL ES:
/// read as desktop GLSL by glslang into SPIR-V, then written back as GLSL ES of the shader's own version by
/// SPIRV-Cross, uniforms, samplers and varyings under their own names. For a shader the driver refused as GLSL ES.
public enum DesktopGLSLTranslator {
    /// The desktop version a translated shader is read as: the oldest that SPIR-V for OpenGL takes.
    static let desktopVersion = 330

    /// `source` (a whole prepared fragment shader, `#line` directives included) as GLSL ES, or glslang's log
    /// about it, whose places are `source`'s own. Remembered by text, so the same text is translated once per process.
    public static func translate(fragment source: String) -> Result<String, TranslationFailure> {
        translate(source, stage: .fragment)
    }

    /// The same for a whole prepared vertex shader: its outputs keep their names, so the fragment stage's
    /// varyings still meet them whether or not that stage was translated too.
    public static func translate(vertex source: String) -> Result<String, TranslationFailure> {
        translate(source, stage: .vertex)
    }

    /// A desktop GLSL compute kernel (4.30 or later, read at its own version) as GLSL ES 3.10, its images' and
    /// buffers' bindings kept, since GLSL ES places them by nothing else.
    public static func translate(compute source: String) -> Result<String, TranslationFailure> {
        let key = TranslationCache.Key(source: source, vertex: false)
        if let known = cache.withLock({ $0.result(for: key) }) { return known }
        let result: Result<String, TranslationFailure>
        do throws(DesktopGLSLCompiler.Failure) {
            result = .success(try DesktopGLSLCompiler.translate(source, stage: .compute, defaultVersion: 430, esVersion: 310))
        } catch {
            result = .failure(TranslationFailure(error))
        }
        cache.withLock { $0.remember(result, for: key) }
        return result
    }

    /// The GLSL ES text to embed for `source` where no driver is at hand to judge it: the translation when
    /// glslang's GLSL ES front end refuses the text and its desktop reading succeeds, else nil (embed it as it is).
    public static func embeddableTranslation(ofFragment source: String) -> String? {
        embeddableTranslation(of: source, stage: .fragment)
    }

    /// The same for a whole prepared vertex shader.
    public static func embeddableTranslation(ofVertex source: String) -> String? {
        embeddableTranslation(of: source, stage: .vertex)
    }

    private static func embeddableTranslation(of source: String, stage: DesktopGLSLCompiler.Stage) -> String? {
        guard DesktopGLSLCompiler.acceptsAsES(source, stage: stage) == false else { return nil }
        return try? translate(source, stage: stage).get()
    }

    /// How many shaders glslang has read as desktop GLSL in this process: a cached text adds none.
    package static var translationCount: Int {
        cache.withLock { $0.misses }
    }

    private static let cache = Locked(TranslationCache())

    /// `source` as glslang reads it: desktop GLSL's `#version` for its own and, for GLSL ES 1.00, the names
    /// desktop GLSL lacks defined after it; with the GLSL ES version (100 or 300) to write it back as. Nil for a
    /// version this translation does not write (GLSL ES 3.10 and later).
    package static func desktopText(ofFragment source: String) -> (text: String, esVersion: Int)? {
        desktopText(of: source, stage: .fragment)
    }

    package static func desktopText(ofVertex source: String) -> (text: String, esVersion: Int)? {
        desktopText(of: source, stage: .vertex)
    }

    private static func desktopText(of source: String, stage: DesktopGLSLCompiler.Stage) -> (text: String, esVersion: Int)? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declared = declaredVersion(in: lines)
        guard let version = declared.version else { return nil }
        let names: [TranslationShaderFile] = version != 100 ? [] : [.es100TextureNames, stage == .fragment ? .es100FragmentNames : .es100VertexNames]
        return (desktopSource(lines, versionLine: declared.lineIndex, adding: names.flatMap(\.lines)), version)
    }

    private static func translate(_ source: String, stage: DesktopGLSLCompiler.Stage) -> Result<String, TranslationFailure> {
        let key = TranslationCache.Key(source: source, vertex: stage == .vertex)
        if let known = cache.withLock({ $0.result(for: key) }) { return known }
        let result = translateAnew(source, stage: stage)
        cache.withLock { $0.remember(result, for: key) }
        return result
    }

    private static func translateAnew(_ source: String, stage: DesktopGLSLCompiler.Stage) -> Result<String, TranslationFailure> {
        guard let (desktopText, version) = desktopText(of: source, stage: stage) else {
            return .failure(TranslationFailure(log: "ERROR: only GLSL ES 1.00 and 3.00 shaders are read as desktop GLSL"))
        }
        do throws(DesktopGLSLCompiler.Failure) {
            return .success(try DesktopGLSLCompiler.translate(desktopText, stage: stage, defaultVersion: desktopVersion, esVersion: version))
        } catch {
            return .failure(TranslationFailure(error))
        }
    }

    /// `lines` with desktop GLSL's `#version` for their GLSL ES one and `added` (GLSL ES 1.00's names desktop
    /// GLSL lacks) right after it; a `#line` directive gives the lines after them their own numbers (source
    /// string 0, the user's and the header's), so glslang's errors keep their places.
    private static func desktopSource(_ lines: [String], versionLine: Int?, adding added: [String]) -> String {
        let version = "#version \(desktopVersion)"
        var added = added
        var lines = lines
        if let versionLine {
            lines[versionLine] = version
            if !added.isEmpty { added.append("#line \(versionLine + 2) 0") }
            lines.insert(contentsOf: added, at: versionLine + 1)
        } else {
            lines.insert(contentsOf: [version] + added + ["#line 1 0"], at: 0)
        }
        return lines.joined(separator: "\n")
    }

    /// The GLSL ES version (100 or 300) of a shader's header and the index of its `#version` line: GLSL ES
    /// 1.00 without one; nil for a version this translation does not write (3.10 and later).
    private static func declaredVersion(in lines: [String]) -> (version: Int?, lineIndex: Int?) {
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.first == "#version" else { break }
            switch (words.count > 1 ? words[1] : "", words.count > 2 ? words[2] : "") {
            case ("100", ""): return (100, index)
            case ("300", "es"): return (300, index)
            default: return (nil, index)
            }
        }
        return (100, nil)
    }
}

/// Why a shader could not be translated: glslang's log, or SPIRV-Cross's reason as an unplaced error.
public struct TranslationFailure: Error, Hashable, Sendable {
    public var log: String

    init(log: String) {
        self.log = log
    }

    init(_ failure: DesktopGLSLCompiler.Failure) {
        switch failure {
        case .refused(let log): self.log = log
        case .notWritten(let reason): log = "ERROR: SPIRV-Cross could not write GLSL ES: \(reason)"
        case .unavailable(let reason): log = "ERROR: desktop GLSL cannot be translated here: \(reason)"
        }
    }
}

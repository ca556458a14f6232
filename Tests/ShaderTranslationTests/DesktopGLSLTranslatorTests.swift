import Foundation
import Testing
@testable import ShaderTranslation

/// Desktop GLSL read by glslang and written back by SPIRV-Cross as the GLSL ES a GLES driver takes. Serialised:
/// the translation count is the process's.
@Suite("Desktop GLSL translation", .serialized)
struct DesktopGLSLTranslatorTests {
    /// A prepared shader's shape: a header, the workbench's lines numbered as source string 1, then the
    /// user's from line 1 of string 0.
    static func prepared(version: String, prelude: [String] = [], user: [String]) -> String {
        ([version, "#line 1 1"] + prelude + ["#line 1 0"] + user).joined(separator: "\n")
    }

    static let redefinedSign = prepared(
        version: "#version 300 es",
        prelude: ["precision highp float;", "uniform float level;", "uniform sampler2D inputImage;", "out vec4 colour;"],
        user: ["float sign(float x) { return x > 0.0 ? 1.0 : 0.25; }",
               "float halfLevel = level * 0.5;",
               "void main() { float one = 1; colour = texture(inputImage, vec2(0.5)) * sign(level) * halfLevel * one; }"])

    @Test("a GLSL ES 3.00 shader that only desktop GLSL accepts comes out as GLSL ES 3.00, its uniforms and samplers under their names")
    func esThree() throws {
        let text = try DesktopGLSLTranslator.translate(fragment: Self.redefinedSign).get()
        #expect(text.hasPrefix("#version 300 es\n"))
        #expect(text.contains("uniform float level;"))
        #expect(text.contains("uniform highp sampler2D inputImage;"))
        #expect(text.contains("out vec4 colour;"))
        // GLSL ES 3.00 takes no location or binding on a uniform.
        #expect(!text.split(separator: "\n").contains { $0.contains("layout(") && $0.contains("uniform") })
    }

    @Test("a GLSL ES 1.00 shader comes out as GLSL ES 1.00, with varyings, texture2D and gl_FragData")
    func esOne() throws {
        let source = Self.prepared(version: "#version 100", user: [
            "precision mediump float;",
            "varying vec2 textureCoordinate;",
            "uniform sampler2D inputImageTexture;",
            "void main() { float one = 1; gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * one; }",
        ])
        let text = try DesktopGLSLTranslator.translate(fragment: source).get()
        #expect(text.hasPrefix("#version 100\n"))
        #expect(text.contains("varying vec2 textureCoordinate;"))
        #expect(text.contains("texture2D(inputImageTexture, textureCoordinate)"))
        #expect(text.contains("gl_FragData[0]"))
    }

    @Test("a shader with no #version is read as GLSL ES 1.00 is")
    func noVersion() throws {
        let source = "precision mediump float;\nvoid main() { float one = 1; gl_FragColor = vec4(one); }"
        let text = try DesktopGLSLTranslator.translate(fragment: source).get()
        #expect(text.hasPrefix("#version 100\n"))
    }

    @Test("glslang's errors are placed at the source's own lines, through its #line directives")
    func errorPlaces() throws {
        let source = Self.prepared(version: "#version 300 es", prelude: ["precision highp float;", "out vec4 colour;"],
                                   user: ["void main() {", "    float one = 1;", "    colour = vec4(undeclaredThing);", "}"])
        let failure = try #require(throws: TranslationFailure.self) { try DesktopGLSLTranslator.translate(fragment: source).get() }
        #expect(failure.log.contains("ERROR: 0:3: 'undeclaredThing' : undeclared identifier"), "\(failure.log)")
    }

    @Test("GLSL ES 3.10 and later are not translated")
    func laterVersions() throws {
        let source = Self.prepared(version: "#version 310 es", user: ["void main() {}"])
        #expect(throws: TranslationFailure.self) { try DesktopGLSLTranslator.translate(fragment: source).get() }
    }

    @Test("the same text is translated once: a second translation does not run glslang")
    func cached() throws {
        let source = Self.redefinedSign + "\n// \(UUID().uuidString)"
        let before = DesktopGLSLTranslator.translationCount
        let first = DesktopGLSLTranslator.translate(fragment: source)
        #expect(DesktopGLSLTranslator.translationCount == before + 1)
        let second = DesktopGLSLTranslator.translate(fragment: source)
        #expect(DesktopGLSLTranslator.translationCount == before + 1)
        #expect(first == second)
    }

    @Test("a text glslang accepts as GLSL ES is embedded as it is; one only desktop GLSL accepts, as its translation")
    func embeddable() throws {
        let es = Self.prepared(version: "#version 300 es", prelude: ["precision highp float;", "out vec4 colour;"],
                               user: ["void main() { colour = vec4(1.0); }"])
        #expect(DesktopGLSLTranslator.embeddableTranslation(ofFragment: es) == nil)
        let translated = try #require(DesktopGLSLTranslator.embeddableTranslation(ofFragment: Self.redefinedSign))
        #expect(translated.hasPrefix("#version 300 es\n"))
    }

    @Test("the cache forgets its oldest text past its capacity")
    func bounded() {
        var cache = TranslationCache()
        for index in 0...TranslationCache.capacity {
            cache.remember(.success("translation \(index)"), for: TranslationCache.Key(source: "source \(index)", vertex: false))
        }
        #expect(cache.result(for: TranslationCache.Key(source: "source 0", vertex: false)) == nil)
        #expect(cache.result(for: TranslationCache.Key(source: "source 1", vertex: false)) == .success("translation 1"))
        #expect(cache.result(for: TranslationCache.Key(source: "source 1", vertex: true)) == nil)
        #expect(cache.result(for: TranslationCache.Key(source: "source \(TranslationCache.capacity)", vertex: false)) == .success("translation \(TranslationCache.capacity)"))
    }
}

import Testing
@testable import ShaderGraph
import ShaderLanguage

@Suite("Preparing shaders for the driver")
struct PreparedShaderTests {
    func prepare(_ text: String) throws -> PreparedShader {
        let source = SourceText(path: "s.fsh", text: text)
        return PreparedShader(source: source, interface: try ShaderInterface.read(source))
    }

    @Test("the prelude sits before the user's text, which restarts at line 1 of source string 0")
    func preludeWithoutVersion() throws {
        let shader = try prepare("varying vec2 textureCoordinate;\nvoid main() {}")
        let lines = shader.fragmentSource.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "#line 100001 1")
        #expect(lines.contains("precision highp float;"))
        #expect(lines.suffix(3) == ["#line 1 0", "varying vec2 textureCoordinate;", "void main() {}"])
    }

    @Test("#version and #extension stay first; numbering resumes after them")
    func preludeAfterHeader() throws {
        let shader = try prepare("#version 300 es\n#extension GL_EXT_x : enable\nin vec2 textureCoordinate;\nout vec4 c;\nvoid main() {}")
        let lines = shader.fragmentSource.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "#version 300 es")
        #expect(lines[1] == "#extension GL_EXT_x : enable")
        #expect(lines[2] == "#line 100001 1")
        #expect(lines.contains("#line 3 0"))
    }

    @Test("the vertex stage matches the fragment's version and provides its coordinates")
    func vertexStage() throws {
        let modern = try prepare("#version 300 es\nin vec2 textureCoordinate;\nout vec4 c;\nvoid main() {}")
        #expect(modern.vertexSource.hasPrefix("#version 300 es\n#define USES_textureCoordinate\n"))
        #expect(!modern.vertexSource.contains("#define USES_textureCoordinate2"))
        let classic = try prepare("varying vec2 textureCoordinate;\nvarying vec2 textureCoordinate2;\nvoid main() {}")
        #expect(classic.vertexSource.hasPrefix("#define USES_textureCoordinate\n#define USES_textureCoordinate2\n"))
        #expect(classic.vertexSource.contains("textureCoordinate2 = coordinate;"))
    }

    @Test("a shader reading gl_LastFragData gets the extension where it is fetched, and a texture read of the same length where not")
    func framebufferFetch() throws {
        let shader = try prepare("""
            #extension GL_EXT_shader_framebuffer_fetch : require
            varying highp vec2 textureCoordinate;
            void main() { gl_FragColor = gl_LastFragData[ 0 ] * 0.5; }
            """)
        #expect(shader.interface.fetchesFramebuffer)
        let fetching = try #require(shader.framebufferFetchSource).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(fetching.first == "#extension GL_EXT_shader_framebuffer_fetch : require")
        #expect(fetching.contains("#extension GL_EXT_shader_framebuffer_fetch : require"))
        #expect(fetching.last == "void main() { gl_FragColor = gl_LastFragData[ 0 ] * 0.5; }")
        let fallback = shader.fragmentSource.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(fallback.first == "")
        #expect(!shader.fragmentSource.contains("GL_EXT_shader_framebuffer_fetch"))
        #expect(fallback.last == "void main() { gl_FragColor = shaderbenchFetched   * 0.5; }")
    }

    @Test("GLSL ES 3.00 has no gl_LastFragData, so a shader of that version reads its target from a texture only")
    func framebufferFetchInES300() throws {
        let shader = try prepare("#version 300 es\nout highp vec4 colour;\nvoid main() { colour = gl_LastFragData[0]; }")
        #expect(shader.interface.fetchesFramebuffer)
        #expect(shader.framebufferFetchSource == nil)
        #expect(shader.fragmentSource.hasSuffix("void main() { colour = shaderbenchFetched; }"))
    }
}

@Suite("Detecting shader dialects")
struct ShaderDialectTests {
    func interface(_ text: String) throws -> ShaderInterface {
        try ShaderInterface.read(SourceText(path: "s.glsl", text: text))
    }

    @Test("mainImage without main is ShaderToy; its channels become image inputs at their first use")
    func shaderToy() throws {
        let toy = try interface("void mainImage(out vec4 c, in vec2 p) {\n  c = texture(iChannel1, p) + texture(iChannel0, p);\n}")
        #expect(toy.dialect == .shaderToy)
        #expect(toy.samplers.map(\.name) == ["iChannel0", "iChannel1"])
        #expect(toy.samplers.first.map { [$0.line, $0.column] } == [2, 39])
        #expect(toy.version == .es300)
    }

    @Test("a shader with its own main stays plain GLSL, even if it defines mainImage")
    func plain() throws {
        #expect(try interface("void mainImage(out vec4 c, in vec2 p) {}\nvoid main() {}").dialect == .glsl)
        #expect(try interface("varying vec2 textureCoordinate;\nvoid main() {}").dialect == .glsl)
    }

    @Test("a main that declares a uniform glslViewer sets, one of its images or v_texcoord is glslViewer's")
    func glslViewer() throws {
        #expect(try interface("uniform vec2 u_resolution;\nvoid main() {}").dialect == .glslViewer)
        #expect(try interface("uniform sampler2D u_tex3;\nvoid main() {}").dialect == .glslViewer)
        #expect(try interface("#version 300 es\nin vec2 v_texcoord;\nout vec4 c;\nvoid main() {}").dialect == .glslViewer)
        #expect(try interface("uniform sampler2D u_texture;\nuniform float u_amount;\nvoid main() {}").dialect == .glsl,
                "other u_ names are anyone's")
    }

    @Test("what glslViewer sets is no parameter: its clock, pointer, size and each image's size")
    func glslViewerParameters() throws {
        let book = try interface("""
            uniform float u_time;
            uniform vec2 u_mouse;
            uniform vec2 u_resolution;
            uniform sampler2D u_tex0;
            uniform vec2 u_tex0Resolution;
            uniform vec2 u_tex1Resolution;
            uniform float amount;
            void main() {}
            """)
        #expect(book.parameters.map(\.name) == ["u_tex1Resolution", "amount"], "u_tex1 is not declared, so nothing sets its size")
        #expect(book.primaryImageInput?.name == "u_tex0")
    }
}

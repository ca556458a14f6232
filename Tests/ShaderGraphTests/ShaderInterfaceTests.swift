import Testing
@testable import ShaderGraph

@Suite("Reading shader interfaces")
struct ShaderInterfaceTests {
    func read(_ text: String) throws -> ShaderInterface {
        try ShaderInterface.read(SourceText(path: "s.fsh", text: text))
    }

    @Test("GPUImage-style declarations with precision qualifiers")
    func gpuImageStyle() throws {
        let interface = try read("""
            varying highp vec2 textureCoordinate;
            varying highp vec2 textureCoordinate2;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            uniform lowp float mixturePercent, other;
            uniform mediump mat4 colorMatrix;
            uniform float weights[9];
            void main() { gl_FragColor = vec4(0.0); }
            """)
        #expect(interface.version == .es100)
        #expect(interface.varyings.map(\.name) == ["textureCoordinate", "textureCoordinate2"])
        #expect(interface.samplers.map(\.name) == ["inputImageTexture", "inputImageTexture2"])
        #expect(interface.uniforms.map(\.name) == ["inputImageTexture", "inputImageTexture2", "mixturePercent", "other", "colorMatrix", "weights"])
        #expect(interface.uniform(named: "colorMatrix")?.type == .mat4)
        #expect(interface.uniform(named: "weights")?.arrayLength == 9)
        #expect(interface.uniform(named: "other")?.line == 5)
        #expect(interface.primaryImageInput?.name == "inputImageTexture")
        #expect(interface.bodyStartLine == 1)
    }

    @Test("GLSL ES 3.00: version, extensions and 'in' varyings")
    func es300() throws {
        let interface = try read("""
            // a comment before the version is allowed
            #version 300 es
            #extension GL_OES_standard_derivatives : enable
            precision highp float;
            in vec2 textureCoordinate;
            uniform sampler2D image;
            out vec4 colour;
            void main() { float in_ = 1.0; colour = texture(image, textureCoordinate); }
            """)
        #expect(interface.version == .es300)
        #expect(interface.bodyStartLine == 4)
        #expect(interface.varyings.map(\.name) == ["textureCoordinate"])
        #expect(interface.primaryImageInput?.name == "image")
    }

    @Test("commented-out and function-local declarations are not read")
    func ignoresCommentsAndLocals() throws {
        let interface = try read("""
            // uniform float ghost;
            /* uniform float
               alsoGhost; */
            uniform float real; /* uniform float trailing; */
            void f(in float x) { }
            void main() { }
            """)
        #expect(interface.uniforms.map(\.name) == ["real"])
        #expect(interface.varyings.isEmpty)
    }

    @Test("desktop #version is refused at its line")
    func desktopVersion() {
        #expect(throws: Diagnostic.self) { try read("#version 330 core\nvoid main() {}") }
    }
}

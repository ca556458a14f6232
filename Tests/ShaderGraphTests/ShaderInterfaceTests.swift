import Testing
@testable import ShaderGraph
import ShaderLanguage

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

    @Test("an array sized by an integer constant or a #define has that length, as GPUImage's GAUSSIAN_SAMPLES sizes its blurs")
    func arraySizedByConstant() throws {
        let interface = try read("""
            const lowp int GAUSSIAN_SAMPLES = 9;
            #define TAPS 3
            varying highp vec2 blurCoordinates[GAUSSIAN_SAMPLES];
            uniform float weights[TAPS];
            void main() { const int local = 2; }
            """)
        #expect(interface.varyings.first?.arrayLength == 9)
        #expect(interface.uniform(named: "weights")?.arrayLength == 3)
    }

    @Test("a desktop #version is read as its GLSL ES counterpart, and the driver is given that version on the same line")
    func desktopVersion() throws {
        #expect(try read("#version 330 core\nvoid main() {}").version == .es300)
        #expect(try read("#version 120\nvoid main() {}").version == .es100)
        let source = SourceText(path: "s.fsh", text: "// edge\n  #version 150 compatibility\nvoid main() {}")
        #expect(ShaderInterface.linesReadAsES(source) == ["// edge", "#version 300 es", "void main() {}"])
        let es = SourceText(path: "s.fsh", text: "#version 300 es\nvoid main() {}")
        #expect(ShaderInterface.linesReadAsES(es) == ["#version 300 es", "void main() {}"])
    }

    @Test("a #version neither GLSL ES nor desktop GLSL has is refused at its line", arguments: ["#version 300", "#version 200", "#version 330 es"])
    func unknownVersion(line: String) {
        #expect(throws: Diagnostic.self) { try read(line + "\nvoid main() {}") }
    }
}

@Suite("Parameter settings declared in shaders")
struct ParameterAnnotationTests {
    func read(_ text: String) throws -> ShaderInterface {
        try ShaderInterface.read(SourceText(path: "s.fsh", text: text))
    }

    @Test("default, range and label are read from the comment after the uniform")
    func readsSettings() throws {
        let interface = try read("""
            uniform lowp float intensity; // default: 1, range: 0...1, label: "Intensity, 0 to 1"
            uniform vec3 tint;   // default: [1, 0.9, 0.7], range: [0, 0, 0]...[2, 2, 2]
            uniform bool on; // default: true
            """)
        let intensity = try #require(interface.uniform(named: "intensity")?.annotation)
        #expect(intensity.defaultValue == [1])
        #expect(intensity.minimum == [0] && intensity.maximum == [1])
        #expect(intensity.label == "Intensity, 0 to 1")
        #expect(interface.uniform(named: "tint")?.annotation?.defaultValue == [1, 0.9, 0.7])
        #expect(interface.uniform(named: "tint")?.annotation?.maximum == [2, 2, 2])
        #expect(interface.uniform(named: "on")?.annotation?.defaultValue == [1])
    }

    @Test("an ordinary comment after a uniform is not a setting")
    func ordinaryComments() throws {
        let interface = try read("uniform float amount; // 0 = none, 1 = all\nuniform float other; // range of motion")
        #expect(interface.uniform(named: "amount")?.annotation == nil)
        #expect(interface.uniform(named: "other")?.annotation == nil)
    }

    @Test("a malformed setting is an error at the comment")
    func malformedSettings() throws {
        #expect(throws: Diagnostic.error("'defualt: 2' is not a parameter setting; use default:, range: or label:",
                                         at: SourceLocation(file: "s.fsh", line: 1, column: 35),
                                         sourceLine: "uniform float x; // range: 0...4, defualt: 2", code: .annotation)) {
            try read("uniform float x; // range: 0...4, defualt: 2")
        }
        #expect(throws: Diagnostic.self) { try read("uniform float x; // default: one") }
        #expect(throws: Diagnostic.self) { try read("uniform float x; // range: 0-4") }
    }

    @Test("a default with the wrong number of components is an error")
    func wrongArity() throws {
        do {
            _ = try read("uniform vec2 centre; // default: [0.5, 0.5, 0.5]")
            Issue.record("a three-number default for a vec2 was accepted")
        } catch let error as Diagnostic {
            #expect(error.code == .annotation)
            #expect(error.message == "the default of 'centre' needs 2 numbers for its type vec2, found 3")
            #expect(error.location == SourceLocation(file: "s.fsh", line: 1, column: 24))
        }
    }
}

import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// A fragment shader the driver refuses as GLSL ES is linked as its desktop GLSL reading, rewritten as GLSL
/// ES: its uniforms and samplers keep their names, so the executor binds them as it binds any shader's.
@Suite("Desktop GLSL programs", .serialized)
struct DesktopGLSLProgramTests {
    /// Halves the image through a global initialised from a uniform, in int-and-float arithmetic: GLSL ES
    /// refuses both.
    static let shaders = [
        """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        uniform float gain;
        float scaled = gain * 2;
        void main() {
            gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * vec4(vec3(scaled / 2), 1);
        }
        """,
        """
        #version 300 es
        precision highp float;
        in vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        uniform float gain;
        out vec4 colour;
        float scaled = gain * 2;
        void main() {
            colour = texture(inputImageTexture, textureCoordinate) * vec4(vec3(scaled / 2), 1);
        }
        """,
    ]

    @Test("the driver refuses it as GLSL ES, and its translation links with its uniforms under their names", arguments: shaders)
    func links(text: String) throws {
        let context = try HeadlessContext()
        let source = SourceText(path: "desktop.fsh", text: text)
        let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
        guard case .failure(.fragment) = ProgramBuild.build(vertex: shader.vertexSource, fragment: shader.fragmentSource) else {
            Issue.record("the driver accepted the shader as GLSL ES")
            return
        }
        let program = try ShaderProgram(shader)
        #expect(program.translatedFromDesktopGLSL)
        #expect(!program.fetchesFramebuffer)
        #expect(program.uniformLocation("gain") >= 0)
        #expect(program.uniformLocation("inputImageTexture") >= 0)
        withExtendedLifetime(context) {}
    }

    @Test("it draws what desktop GLSL means: the image at the uniform's gain", arguments: shaders)
    func draws(text: String) throws {
        let workspace = try GPUWorkspace()
        let image = gradientImage(width: 40, height: 24)
        try workspace.writePNG("in.png", image)
        try workspace.write("desktop.fsh", text)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              halve: { kind: shader, file: desktop.fsh, inputs: { inputImageTexture: photo }, uniforms: { gain: 0.5 } }
            output: halve
            """)
        let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        var halved = image
        for index in halved.pixels.indices where index % 4 != 3 {
            halved.pixels[index] = UInt8((Double(image.pixels[index]) * 0.5).rounded())
        }
        #expect(output.largestDifference(from: halved) <= 1)
    }
}

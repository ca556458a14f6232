import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// Variables declared without an initialiser read zero in the dialects whose hosts zero them, as WebGL's do.
/// Each shader below adds to variables it never initialised: a local pair (`vec4 d, i;`), one between
/// initialised ones (`float n = 3., k, t = k + 0.25;`), a loop counter (`for (int j; j++ < 15;)`) and a global.
/// Read as zero, red is 0.5 + 0 + 0 (128), green 0.25 (64) and blue 15 / 15 (255).
@Suite("Variables without an initialiser read zero", .serialized)
struct ZeroInitialisationTests {
    static let body = """
        vec4 d, i;
        float n = 3., k, t = k + 0.25;
        int c;
        for (int j; j++ < 15;) { c += 1; }
        d.x += 0.5;
        vec4 result = vec4(d.x + i.y + ggg, t, float(c) / 15.0, 1.0);
        """

    static let dialects: [(name: String, file: String, text: String)] = [
        ("ShaderToy", "look.glsl", "float ggg;\nvoid mainImage(out vec4 fragColor, in vec2 fragCoord) {\n\(body)\nfragColor = result;\n}\n"),
        ("GLSL Sandbox", "look.frag", "precision highp float;\nuniform vec2 resolution;\nfloat ggg;\nvoid main() {\n\(body)\ngl_FragColor = result + vec4(resolution.x * 0.0);\n}\n"),
        ("glslViewer", "look.frag", "uniform vec2 u_resolution;\nfloat ggg;\nvoid main() {\n\(body)\ngl_FragColor = result + vec4(u_resolution.x * 0.0);\n}\n"),
        ("Bonzomatic", "look.glsl", "#version 410 core\nuniform float fGlobalTime;\nlayout(location = 0) out vec4 out_color;\nfloat ggg;\nvoid main(void) {\n\(body)\nout_color = result + vec4(fGlobalTime * 0.0);\n}\n"),
        ("ISF", "look.fs", "/*{ \"ISFVSN\": \"2\" }*/\nfloat ggg;\nvoid main() {\n\(body)\ngl_FragColor = result;\n}\n"),
        ("VS Code Shader Toy", "look.glsl", "float ggg;\nvoid main() {\n\(body)\ngl_FragColor = result + vec4(iGlobalTime * 0.0);\n}\n"),
    ]

    @Test("each dialect whose host zeroes variables reads them as zero", arguments: dialects.indices)
    func zeroed(_ index: Int) throws {
        let dialect = Self.dialects[index]
        let workspace = try GPUWorkspace()
        try workspace.write(dialect.file, dialect.text)
        let composition = try workspace.load("size: [4, 4]\nnodes:\n  look: { kind: shader, file: \(dialect.file) }\noutput: look\n")
        let image = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        #expect(Array(image.pixels.prefix(4)) == [128, 64, 255, 255], "\(dialect.name)")
    }

    @Test("a declarator gains TYPE(0) after its name on its own line; arrays, inputs, constants, parameters and struct members do not")
    func insertions() {
        let text = """
            uniform float level;
            const float half = 0.5;
            struct Ray { vec3 origin; vec3 direction; };
            float f(float x, vec2 y) { return x; }
            float g;
            void main() {
                highp vec4 d, i = vec4(1.0, f(2.0, vec2(3.0)), 0.0, 0.0);
                float a[3];
                Ray r;
                for (int j; j < 2; j++) {}
            }
            """
        let source = SourceText(path: "s.frag", text: text)
        let lines = ZeroInitialisation.lines(source.lines.map(String.init), of: source)
        #expect(lines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated().map { line, original in
            switch line {
            case 4: "float g = float(0);"
            case 6: "    highp vec4 d = vec4(0), i = vec4(1.0, f(2.0, vec2(3.0)), 0.0, 0.0);"
            case 9: "    for (int j = int(0); j < 2; j++) {}"
            default: original
            }
        })
    }

    @Test("plain GLSL ES keeps its text as written")
    func plainGLSLUntouched() throws {
        let source = SourceText(path: "s.frag", text: "void main() { vec4 d; gl_FragColor = d; }")
        let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
        #expect(shader.fragmentSource.contains("void main() { vec4 d; gl_FragColor = d; }"))
    }
}

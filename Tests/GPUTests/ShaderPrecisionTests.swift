import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// Every dialect computes at full precision, as its home host does, whatever its `lowp` and `mediump` say;
/// `precision: as-written` computes them as the driver does for those qualifiers.
///
/// Each shader adds 1024 to the pixel's centre (0.5, 1.5, …) in a `mediump` or `lowp` float and shows twice
/// the fraction left. 1024.5 needs 11 bits of mantissa: at 32 bits (23) the fraction is 0.5 and the pixel
/// white; at 16 (10 bits) the sum rounds to an even whole number and the pixel is black.
@Suite("Shader precision as the home hosts compute", .serialized)
struct ShaderPrecisionTests {
    /// Each dialect's file, written in its own conventions with its usual precision prologue.
    static let dialects: [(name: String, file: String, text: String)] = [
        ("GPUImage-style GLSL ES 1.00", "look.fsh", """
            varying highp vec2 textureCoordinate;
            void main() {
                lowp float x = gl_FragCoord.x + textureCoordinate.x * 0.0;
                lowp float sum = x + 1024.0;
                gl_FragColor = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
        ("GLSL ES 3.00", "look.frag", """
            #version 300 es
            precision mediump float;
            out vec4 colour;
            void main() {
                float x = gl_FragCoord.x;
                float sum = x + 1024.0;
                colour = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
        ("ShaderToy", "look.glsl", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                mediump float x = fragCoord.x;
                mediump float sum = x + 1024.0;
                fragColor = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
        ("glslViewer (The Book of Shaders)", "look.frag", """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform vec2 u_resolution;
            void main() {
                float x = gl_FragCoord.x + u_resolution.x * 0.0;
                float sum = x + 1024.0;
                gl_FragColor = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
        ("GLSL Sandbox", "look.frag", """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform float time;
            uniform vec2 resolution;
            void main() {
                float x = gl_FragCoord.x + time * 0.0;
                float sum = x + 1024.0;
                gl_FragColor = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
        ("Bonzomatic", "look.glsl", """
            #version 410 core
            uniform float fGlobalTime;
            layout(location = 0) out vec4 out_color;
            void main() {
                mediump float x = gl_FragCoord.x + fGlobalTime * 0.0;
                mediump float sum = x + 1024.0;
                out_color = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
        ("VS Code Shader Toy", "look.glsl", """
            #iChannel0 "self"
            precision mediump float;
            void main() {
                mediump float x = gl_FragCoord.x + texture2D(iChannel0, vec2(0.5)).r * 0.0;
                mediump float sum = x + 1024.0;
                gl_FragColor = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
        ("ISF", "look.fs", """
            /*{ "ISFVSN": "2", "INPUTS": [] }*/
            precision mediump float;
            void main() {
                mediump float x = gl_FragCoord.x;
                mediump float sum = x + 1024.0;
                gl_FragColor = vec4(vec3(fract(sum) * 2.0), 1.0);
            }
            """),
    ]

    /// The grey of the output's first pixels, checking every pixel is the same.
    func render(_ dialect: (name: String, file: String, text: String), precision: String?) throws -> (grey: UInt8, mediumBits: Int) {
        let workspace = try GPUWorkspace()
        try workspace.write(dialect.file, dialect.text)
        let composition = try workspace.load("""
            size: [8, 2]
            nodes:
              look: { kind: shader, file: \(dialect.file) }
            output: look
            \(precision.map { "precision: \($0)" } ?? "")
            """)
        let executor = try GraphExecutor(composition: composition)
        let image = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        let greys = Set(stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] })
        #expect(greys.count == 1, "\(dialect.name): one grey across the image, found \(greys.sorted())")
        return (image.pixels[0], GLInfo.mediumFloatPrecisionBits)
    }

    @Test("by default every dialect computes lowp and mediump at 32 bits", arguments: dialects.indices)
    func fullByDefault(_ index: Int) throws {
        let dialect = Self.dialects[index]
        #expect(try render(dialect, precision: nil).grey == 255, "\(dialect.name)")
        #expect(try render(dialect, precision: "full").grey == 255, "\(dialect.name)")
    }

    @Test("precision: as-written computes them as the driver computes mediump", arguments: dialects.indices)
    func asWritten(_ index: Int) throws {
        let dialect = Self.dialects[index]
        let drawn = try render(dialect, precision: "as-written")
        #expect(drawn.grey == (drawn.mediumBits >= 11 ? 255 : 0), "\(dialect.name), mediump with \(drawn.mediumBits) bits")
    }

    @Test("a vertex shader of the user's reads its qualifiers as the fragment stage does, so a uniform both declare links")
    func ownVertexShader() throws {
        for precision in ["full", "as-written"] {
            let workspace = try GPUWorkspace()
            try workspace.write("look.vsh", """
                attribute vec4 position;
                uniform lowp float level;
                varying lowp float shade;
                void main() { gl_Position = position; shade = level; }
                """)
            try workspace.write("look.fsh", """
                precision mediump float;
                uniform lowp float level;
                varying lowp float shade;
                void main() { gl_FragColor = vec4(vec3(shade * level), 1.0); }
                """)
            let composition = try workspace.load("""
                size: [4, 4]
                nodes:
                  look: { kind: shader, file: look.fsh, uniforms: { level: 0.5 } }
                output: look
                precision: \(precision)
                """)
            let image = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
            #expect(image.pixels[0] == 64, "\(precision): 0.5 × 0.5 is 0.25, a level of 64")
        }
    }

    @Test("an unknown precision is an error at its value")
    func unknownPrecision() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("look.frag", Self.dialects[1].text)
        #expect {
            _ = try workspace.load("""
                nodes:
                  look: { kind: shader, file: look.frag }
                precision: half
                """)
        } throws: { error in
            guard let diagnostics = (error as? DiagnosticsError)?.diagnostics else { return false }
            return diagnostics.map { $0.rendered() }.contains { $0.contains("c.yaml:3:12: error: 'precision' is 'full' or 'as-written', not 'half'") }
        }
    }
}

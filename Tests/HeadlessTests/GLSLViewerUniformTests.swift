import Foundation
import Images
import TestSupport
import Testing

/// What glslViewer gives a shader written for it (The Book of Shaders' examples), as `shaderbench render`
/// sets it: each test's shader encodes a uniform into its colour, and the rendered pixels are read back.
@Suite("glslViewer's uniforms and defines")
struct GLSLViewerUniformTests {
    /// Renders `composition` (or the shader `book.frag` alone when there is none) at 4×2 with `arguments`
    /// added and returns the image.
    func render(shader: String, composition: String? = nil, in folder: TemporaryFolder, start: Int = 0, _ arguments: [String] = []) throws -> RGBAImage {
        _ = try folder.write("book.frag", shader)
        let input = try composition.map { try folder.write("book.yaml", $0) } ?? folder.file("book.frag")
        return try renderedFrame(input, in: folder, start: start, arguments)
    }

    /// A 4×2 picture whose every pixel differs, so any flip or shift shows.
    static let picture: RGBAImage = {
        var pixels: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<4 { pixels += [UInt8(40 + x * 50), UInt8(60 + y * 120), 7, 255] }
        }
        return RGBAImage(width: 4, height: 2, pixels: pixels)
    }()

    @Test("u_resolution is the pass's size and gl_FragCoord counts rows from the bottom, as in glslViewer")
    func resolutionAndYUp() throws {
        let image = try render(shader: """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform vec2 u_resolution;
            void main() {
                vec2 st = gl_FragCoord.xy / u_resolution;
                gl_FragColor = vec4(st.x, st.y, u_resolution.x / 255.0, 1.0);
            }
            """, in: try TemporaryFolder())
        // The top-left pixel's centre is (0.5, 1.5) from the bottom-left of a 4×2 pass: (0.125, 0.75).
        #expect(image[0, 0] == (32, 191, 4, 255), "top-left")
        // The bottom-right pixel's is (3.5, 0.5): (0.875, 0.25).
        #expect(image[3, 1] == (223, 64, 4, 255), "bottom-right")
    }

    @Test("u_time, u_frame and u_delta are the frame's time, index and interval (frame k at k / fps)")
    func clock() throws {
        let image = try render(shader: """
            precision highp float;
            uniform float u_time;
            uniform int u_frame;
            uniform float u_delta;
            void main() { gl_FragColor = vec4(u_time * 10.0 / 255.0, float(u_frame) / 255.0, u_delta * 100.0 / 255.0, 1.0); }
            """, in: try TemporaryFolder(), start: 6, ["--fps", "4"])
        // Frame 6 at 4 frames a second: 1.5 s, index 6, a quarter of a second since the previous frame.
        #expect(image[0, 0] == (15, 6, 25, 255))
    }

    @Test("u_date in a render is 2025-01-01 00:00 UTC plus the frame's time: year, month from 1, day, seconds")
    func date() throws {
        let image = try render(shader: """
            precision highp float;
            uniform vec4 u_date;
            void main() { gl_FragColor = vec4((u_date.x - 2000.0) / 255.0, u_date.y / 255.0, u_date.z / 255.0, u_date.w * 10.0 / 255.0); }
            """, in: try TemporaryFolder(), start: 6, ["--fps", "4"])
        #expect(image[0, 0] == (25, 1, 1, 15), "2025, January (1), the 1st, 1.5 s after midnight")
    }

    @Test("u_mouse is where --mouse puts the pointer, in pixels from the bottom-left; without it, the corner")
    func mouse() throws {
        let folder = try TemporaryFolder()
        let shader = """
            precision highp float;
            uniform vec2 u_mouse;
            void main() { gl_FragColor = vec4(u_mouse / 255.0, 0.0, 1.0); }
            """
        #expect(try render(shader: shader, in: folder, ["--mouse", "3,1.5"])[0, 0] == (3, 2, 0, 255))
        #expect(try render(shader: shader, in: folder)[0, 0] == (0, 0, 0, 255))
    }

    @Test("--mouse is in the output's own pixels where the output node has a size of its own")
    func mouseOverAnOutputOfItsOwnSize() throws {
        let folder = try TemporaryFolder()
        let shader = """
            precision highp float;
            uniform vec2 u_mouse;
            uniform vec2 u_resolution;
            void main() { gl_FragColor = vec4(u_mouse / u_resolution, 0.0, 1.0); }
            """
        let composition = "size: [64, 32]\nnodes:\n  book: { kind: shader, file: book.frag, size: [16, 8] }\noutput: book\n"
        // A quarter of the way across and up the 16×8 output: 0.25 of 255, rounded.
        #expect(try render(shader: shader, composition: composition, in: folder, ["--mouse", "4,2"])[0, 0] == (64, 64, 0, 255))
    }

    @Test("--mouse takes two numbers, and says so otherwise")
    func mouseUsage() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("book.frag", "uniform vec2 u_mouse;\nvoid main() { gl_FragColor = vec4(u_mouse, 0.0, 1.0); }\n")
        let result = try runShaderbench(["render", shader, "--out", folder.file("out.png"), "--mouse", "3"])
        #expect(result.status == 64)
        #expect(result.error.contains("two numbers, X,Y"), "\(result.error)")
    }

    @Test("a lone shader's u_tex0 is the live source, upright through v_texcoord, and u_tex0Resolution its own size")
    func textureFromInput() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(Self.picture, to: folder.file("picture.png"))
        let image = try render(shader: """
            precision highp float;
            uniform sampler2D u_tex0;
            uniform vec2 u_tex0Resolution;
            varying vec2 v_texcoord;
            void main() { gl_FragColor = u_tex0Resolution == vec2(4.0, 2.0) ? texture2D(u_tex0, v_texcoord) : vec4(1.0, 0.0, 1.0, 1.0); }
            """, in: folder, ["--input", folder.file("picture.png")])
        #expect(image.largestDifference(from: Self.picture) == 0)
    }

    @Test("an image sampled at gl_FragCoord / u_resolution is upright too, in GLSL ES 3.00 as well")
    func textureAtFragmentCoordinate() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(Self.picture, to: folder.file("picture.png"))
        let image = try render(shader: """
            #version 300 es
            precision highp float;
            uniform sampler2D u_tex0;
            uniform vec2 u_resolution;
            out vec4 colour;
            void main() { colour = texture(u_tex0, gl_FragCoord.xy / u_resolution); }
            """, in: folder, ["--input", folder.file("picture.png")])
        #expect(image.largestDifference(from: Self.picture) == 0)
    }

    @Test("a composition feeds u_tex0, u_tex1 from its image nodes; each u_texNResolution is that image's size, not the pass's")
    func texturesInAComposition() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(RGBAImage(width: 64, height: 32, fill: (r: 10, g: 20, b: 30, a: 255)), to: folder.file("wide.png"))
        try ImageFile.writePNG(RGBAImage(width: 8, height: 16, fill: (r: 200, g: 100, b: 50, a: 255)), to: folder.file("tall.png"))
        let image = try render(shader: """
            precision highp float;
            uniform sampler2D u_tex0;
            uniform sampler2D u_tex1;
            uniform vec2 u_tex0Resolution;
            uniform vec2 u_tex1Resolution;
            varying vec2 v_texcoord;
            void main() {
                gl_FragColor = v_texcoord.x < 0.5
                    ? vec4(u_tex0Resolution / 255.0, texture2D(u_tex0, v_texcoord).b, 1.0)
                    : vec4(u_tex1Resolution / 255.0, texture2D(u_tex1, v_texcoord).b, 1.0);
            }
            """, composition: """
            size: [4, 2]
            nodes:
              wide: { kind: image, file: wide.png }
              tall: { kind: image, file: tall.png }
              book: { kind: shader, file: book.frag, inputs: { u_tex0: wide, u_tex1: tall } }
            output: book
            """, in: folder)
        #expect(image[0, 0] == (64, 32, 30, 255))
        #expect(image[3, 1] == (8, 16, 50, 255))
    }

    @Test("GLSLVIEWER and PLATFORM_LINUX are defined, as glslViewer defines them on Linux")
    func defines() throws {
        let image = try render(shader: """
            uniform vec2 u_resolution;
            void main() {
            #if defined(GLSLVIEWER) && GLSLVIEWER > 0 && defined(PLATFORM_LINUX)
                gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);
            #else
                gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
            #endif
            }
            """, in: try TemporaryFolder())
        #expect(image[0, 0] == (0, 255, 0, 255))
    }

    @Test("glslViewer's uniforms are not parameters: setting one is refused at the command line")
    func notParameters() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("book.frag", """
            uniform float u_time;
            uniform float amount;
            void main() { gl_FragColor = vec4(u_time, amount, 0.0, 1.0); }
            """)
        #expect(try runShaderbench(["check", shader, "--set", "amount=0.5"]).status == 0)
        let result = try runShaderbench(["check", shader, "--set", "u_time=3"])
        #expect(result.status != 0)
        #expect(result.error.contains("u_time"), "\(result.error)")
    }

    /// Renders the shader `book.frag` alone at 4×2 for `frames` frames and returns the last.
    func renderFrames(_ shader: String, frames: Int) throws -> RGBAImage {
        let folder = try TemporaryFolder()
        return try renderedFrame(try folder.write("book.frag", shader), in: folder, frames: frames)
    }

    @Test("a u_buffer0 the file declares is a pass of its own drawn first with BUFFER_0 defined, which the file's pass reads")
    func buffer() throws {
        let image = try renderFrames("""
            precision highp float;
            uniform sampler2D u_buffer0;
            uniform vec2 u_resolution;
            void main() {
                vec2 st = gl_FragCoord.xy / u_resolution;
            #ifdef BUFFER_0
                gl_FragColor = vec4(st.y, 0.0, 0.0, 1.0);
            #else
                gl_FragColor = texture2D(u_buffer0, st) + vec4(0.0, 0.0, 1.0, 0.0);
            #endif
            }
            """, frames: 1)
        // The buffer's gradient has y up, read back the right way up, this frame.
        #expect(image[0, 0] == (191, 0, 255, 255), "top-left")
        #expect(image[3, 1] == (64, 0, 255, 255), "bottom-right")
    }

    @Test("a u_doubleBuffer0 pass reads its own last frame (ping-pong) and the file's pass reads this frame's")
    func doubleBuffer() throws {
        let image = try renderFrames("""
            precision highp float;
            uniform sampler2D u_doubleBuffer0;
            uniform vec2 u_resolution;
            void main() {
                vec2 st = gl_FragCoord.xy / u_resolution;
            #ifdef DOUBLE_BUFFER_0
                gl_FragColor = texture2D(u_doubleBuffer0, st) + vec4(10.0 / 255.0, 0.0, 0.0, 1.0);
            #else
                gl_FragColor = texture2D(u_doubleBuffer0, st);
            #endif
            }
            """, frames: 3)
        #expect(image[1, 1] == (30, 0, 0, 255), "three frames of 10, the third included")
    }

    @Test("with u_scene declared, the file's pass draws the scene and a POSTPROCESSING pass reads it")
    func postProcessing() throws {
        let image = try renderFrames("""
            precision highp float;
            uniform sampler2D u_scene;
            uniform vec2 u_resolution;
            void main() {
                vec2 st = gl_FragCoord.xy / u_resolution;
            #ifdef POSTPROCESSING
                gl_FragColor = vec4(vec3(1.0) - texture2D(u_scene, st).rgb, 1.0);
            #else
                gl_FragColor = vec4(st.y, 0.0, 0.0, 1.0);
            #endif
            }
            """, frames: 1)
        #expect(image[0, 0] == (64, 255, 255, 255), "the top-left of the scene, inverted")
        #expect(image[3, 1] == (191, 255, 255, 255), "the bottom-right")
    }
}

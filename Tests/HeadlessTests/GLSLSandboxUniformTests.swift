import Foundation
import Images
import TestSupport
import Testing

/// What GLSL Sandbox gives a shader written for it, as `shaderbench render` sets it: each test's shader
/// encodes what it reads into its colour, and the rendered pixels are read back.
@Suite("GLSL Sandbox's uniforms")
struct GLSLSandboxUniformTests {
    /// Renders the shader `sandbox.frag` alone at 4×2, `frames` frames from `start`, with `arguments` added;
    /// returns the last frame.
    func render(shader: String, in folder: TemporaryFolder, frames: Int = 1, start: Int = 0, _ arguments: [String] = []) throws -> RGBAImage {
        try renderedFrame(try folder.write("sandbox.frag", shader), in: folder, frames: frames, start: start, arguments)
    }

    @Test("resolution is the pass's size, gl_FragCoord counts rows from the bottom and time is the frame's")
    func resolutionAndTime() throws {
        let image = try render(shader: """
            #ifdef GL_ES
            precision highp float;
            #endif
            uniform float time;
            uniform vec2 resolution;
            void main() {
                vec2 position = gl_FragCoord.xy / resolution.xy;
                gl_FragColor = vec4(position, time * 10.0 / 255.0, 1.0);
            }
            """, in: try TemporaryFolder(), start: 6, ["--fps", "4"])
        // The top-left pixel's centre is (0.5, 1.5) from the bottom-left of a 4×2 pass; frame 6 at 4 fps is 1.5 s.
        #expect(image[0, 0] == (32, 191, 15, 255), "top-left")
        #expect(image[3, 1] == (223, 64, 15, 255), "bottom-right")
    }

    @Test("mouse is a fraction of the canvas from its bottom-left: the middle until the pointer comes, then where --mouse puts it")
    func mouse() throws {
        let folder = try TemporaryFolder()
        let shader = """
            precision highp float;
            uniform vec2 resolution;
            uniform vec2 mouse;
            void main() { gl_FragColor = vec4(mouse, 0.0, 1.0); }
            """
        #expect(try render(shader: shader, in: folder)[0, 0] == (128, 128, 0, 255))
        #expect(try render(shader: shader, in: folder, ["--mouse", "3,0.5"])[0, 0] == (191, 64, 0, 255))
    }

    @Test("surfacePosition is the canvas as a surface one unit high, centred on the origin, y up")
    func surfacePosition() throws {
        let image = try render(shader: """
            precision highp float;
            varying vec2 surfacePosition;
            void main() { gl_FragColor = vec4((surfacePosition + 1.0) * 100.0 / 255.0, 0.0, 1.0); }
            """, in: try TemporaryFolder())
        // A 4×2 surface spans x from -1 to 1 and y from -0.5 to 0.5: the top-left pixel's centre is at
        // (-0.75, 0.25), the bottom-right's at (0.75, -0.25).
        #expect(image[0, 0] == (25, 125, 0, 255), "top-left")
        #expect(image[3, 1] == (175, 75, 0, 255), "bottom-right")
    }

    @Test("backbuffer is the shader's own last frame, the right way up: a picture drawn once and then copied stays as it was")
    func backbuffer() throws {
        let image = try render(shader: """
            precision highp float;
            uniform float time;
            uniform vec2 resolution;
            uniform sampler2D backbuffer;
            void main() {
                vec2 position = gl_FragCoord.xy / resolution;
                gl_FragColor = time == 0.0 ? vec4(position.y, position.x, 0.0, 1.0) : texture2D(backbuffer, position);
            }
            """, in: try TemporaryFolder(), frames: 4)
        // Drawn at frame 0 with y up, copied three times: a flip in the copy would show it upside down.
        #expect(image[0, 0] == (191, 32, 0, 255), "top-left")
        #expect(image[3, 1] == (64, 223, 0, 255), "bottom-right")
    }

    @Test("in a composition, backbuffer reads the node's own last frame unless wired, and resolution is no parameter")
    func backbufferInAComposition() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("sandbox.frag", """
            precision highp float;
            uniform float time;
            uniform vec2 resolution;
            uniform sampler2D backbuffer;
            void main() {
                gl_FragColor = texture2D(backbuffer, gl_FragCoord.xy / resolution) + vec4(10.0 / 255.0, 0.0, 0.0, 1.0);
            }
            """)
        let composition = try folder.write("sandbox.yaml", """
            size: [4, 2]
            nodes:
              glow: { kind: shader, file: sandbox.frag }
            output: glow
            """)
        let result = try runShaderbench(["render", composition, "--out", folder.file("glow-%d.png"), "--frames", "3"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try ImageFile.read(path: folder.file("glow-2.png"))[1, 1] == (30, 0, 0, 255), "three frames of 10 added up")
        let setting = try runShaderbench(["check", composition, "--set", "glow.resolution=1,1"])
        #expect(setting.status != 0)
    }
}

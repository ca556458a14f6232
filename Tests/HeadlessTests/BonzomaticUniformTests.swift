import Foundation
import Images
import TestSupport
import Testing

/// What Bonzomatic gives a shader written for it, as `shaderbench render` sets it: each test's shader, in
/// Bonzomatic's desktop GLSL 4.10, encodes what it reads into its colour, and the rendered pixels are read back.
@Suite("Bonzomatic's uniforms and spectra")
struct BonzomaticUniformTests {
    /// Renders `path` at `size`, `frames` frames from `start`, with `arguments` added; returns the last frame.
    func render(_ path: String, in folder: TemporaryFolder, size: String = "4x2", frames: Int = 1, start: Int = 0,
                _ arguments: [String] = []) throws -> RGBAImage {
        try renderedFrame(path, in: folder, size: size, frames: frames, start: start, arguments)
    }

    @Test("a 4.10 core shader writing out_color gets v2Resolution, fGlobalTime and fFrameTime, with gl_FragCoord y up, though only desktop GLSL takes its int-to-float sums")
    func clockAndSize() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bonzo.glsl", """
            #version 410 core
            uniform float fGlobalTime;
            uniform float fFrameTime;
            uniform vec2 v2Resolution;
            layout(location = 0) out vec4 out_color;
            void main(void) {
                vec2 uv = vec2(gl_FragCoord.x / v2Resolution.x, gl_FragCoord.y / v2Resolution.y);
                float scale = 10;
                out_color = vec4(uv, (fGlobalTime * scale + fFrameTime * 100) / 255, 1);
            }
            """)
        // Frame 6 at 4 fps: 1.5 s, a quarter of a second after the frame before: 15 + 25.
        let image = try render(path, in: folder, start: 6, ["--fps", "4"])
        #expect(image[0, 0] == (32, 191, 40, 255), "top-left: (0.125, 0.75)")
        #expect(image[3, 1] == (223, 64, 40, 255), "bottom-right: (0.875, 0.25)")
    }

    /// The declarations of the shader Bonzomatic writes from its template when it starts with none, as it writes them.
    static let templateDeclarations = """
        #version 410 core

        uniform float fGlobalTime; // in seconds
        uniform vec2 v2Resolution; // viewport resolution (in pixels)
        uniform float fFrameTime; // duration of the last frame, in seconds

        uniform sampler1D texFFT; // towards 0.0 is bass / lower freq, towards 1.0 is higher / treble freq
        uniform sampler1D texFFTSmoothed; // this one has longer falloff and less harsh transients
        uniform sampler1D texFFTIntegrated; // this is continually increasing
        uniform sampler2D texPreviousFrame; // screenshot of the previous frame
        uniform sampler2D texChecker;
        uniform sampler2D texNoise;
        uniform sampler2D texTex1;
        uniform sampler2D texTex2;
        uniform sampler2D texTex3;
        uniform sampler2D texTex4;

        in vec2 out_texcoord;
        layout(location = 0) out vec4 out_color; // out_color must be written in order to see anything

        """

    @Test("the template's out_texcoord is the pass's coordinate with y up, as Bonzomatic's own vertex shader passes it on")
    func templateCoordinate() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bonzo.glsl", Self.templateDeclarations + """
            void main(void)
            {
            	vec2 uv = out_texcoord;
            	out_color = vec4(uv, 0.0, 1.0);
            }
            """)
        let check = try runShaderbench(["check", path], in: folder.path)
        #expect(check.status == 0, "Bonzomatic's own template checks: \(check.error)")
        // Pixel centres of a 4 × 2 pass: x at 1/8, 3/8, …; the top row at y 3/4, the bottom at 1/4.
        let image = try render(path, in: folder)
        #expect(image[0, 0] == (32, 191, 0, 255), "top-left: (0.125, 0.75)")
        #expect(image[3, 1] == (223, 64, 0, 255), "bottom-right: (0.875, 0.25)")
    }

    @Test("a misspelt coordinate gets a suggestion from Bonzomatic's names, saying it is read as Bonzomatic's")
    func misspeltCoordinate() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bonzo.glsl", Self.templateDeclarations.replacingOccurrences(of: "in vec2 out_texcoord;", with: "in vec2 out_texcord;")
                                    + "void main(void) { out_color = vec4(out_texcord, 0.0, 1.0); }\n")
        let check = try runShaderbench(["check", path], in: folder.path)
        #expect(check.status == 1)
        #expect(check.error.contains("bonzo.glsl:18:9: error: varying 'out_texcord' is not provided by the workbench's vertex stage to a Bonzomatic shader; did you mean 'out_texcoord'? [SB3006]"),
                "\(check.error)")
    }

    @Test("texNoise and texChecker are still colour noise and an 8 × 8 checkerboard when nothing else is wired, the same every run")
    func defaultTextures() throws {
        let folder = try TemporaryFolder()
        func shader(_ sampler: String) throws -> String {
            try folder.write("\(sampler).glsl", """
                #version 410 core
                uniform float fGlobalTime;
                uniform vec2 v2Resolution;
                uniform sampler2D \(sampler);
                layout(location = 0) out vec4 out_color;
                void main(void) { out_color = texture(\(sampler), gl_FragCoord.xy / v2Resolution); }
                """)
        }
        let checker = try render(try shader("texChecker"), in: folder, size: "256x256")
        for (x, y) in [(16, 16), (100, 200), (250, 3)] {
            let square = (x / 32 + y / 32) % 2
            #expect(checker[x, y].r == checker[x, y].g && [0, 255].contains(checker[x, y].r), "(\(x), \(y)) is black or white")
            #expect((checker[x, y].r == checker[16, 16].r) == (square == 0), "(\(x), \(y)) is in square parity \(square)")
        }
        #expect(checker[31, 16] == checker[16, 16] && checker[32, 16] != checker[16, 16], "32-pixel squares")

        let noise = try render(try shader("texNoise"), in: folder, size: "256x256")
        // The noise's own hash, texel by texel, either way up.
        func mixed(_ value: UInt32) -> UInt32 {
            var value = value
            value ^= value >> 16; value &*= 0x7feb352d; value ^= value >> 15; value &*= 0x846ca68b; value ^= value >> 16
            return value
        }
        func expected(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
            let bits = mixed(UInt32(x) &+ mixed(UInt32(y)))
            return (UInt8(bits & 255), UInt8(bits >> 8 & 255), UInt8(bits >> 16 & 255), 255)
        }
        let upright = (0..<256).allSatisfy { y in (0..<256).allSatisfy { x in noise[x, y] == expected(x, y) } }
        let flipped = (0..<256).allSatisfy { y in (0..<256).allSatisfy { x in noise[x, y] == expected(x, 255 - y) } }
        #expect(upright || flipped, "the noise is its hash, texel for texel: (0, 0) is \(noise[0, 0]), the hash \(expected(0, 0)) or \(expected(0, 255))")
    }

    @Test("texPreviousFrame is the shader's own last frame, the right way up")
    func previousFrame() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bonzo.glsl", """
            #version 410 core
            uniform float fGlobalTime;
            uniform vec2 v2Resolution;
            uniform sampler2D texPreviousFrame;
            layout(location = 0) out vec4 out_color;
            void main(void) {
                vec2 uv = gl_FragCoord.xy / v2Resolution;
                out_color = fGlobalTime == 0.0 ? vec4(uv.y, uv.x, 0.0, 1.0) : texture(texPreviousFrame, uv);
            }
            """)
        // Drawn at frame 0 with y up and copied three times: a flip in the copy would show it upside down.
        let image = try render(path, in: folder, frames: 4)
        #expect(image[0, 0] == (191, 32, 0, 255), "top-left")
        #expect(image[3, 1] == (64, 223, 0, 255), "bottom-right")
    }

    @Test("texFFT holds the sound's spectrum in 1024 bins, texFFTSmoothed a tenth of it on the first frame and texFFTIntegrated four tenths")
    func spectra() throws {
        let folder = try TemporaryFolder()
        // 1500 Hz at 48 kHz is the middle of bin 64 of a 2048-sample window; full scale reads 1 there.
        let tone = TestTone(frequency: 1500, amplitude: 1, seconds: 1)
        try tone.write(to: folder.file("tone.wav"))
        #expect(tone.bin(windowLength: 2048) == 64)
        _ = try folder.write("bonzo.glsl", """
            #version 410 core
            uniform sampler1D texFFT;
            uniform sampler1D texFFTSmoothed;
            uniform sampler1D texFFTIntegrated;
            layout(location = 0) out vec4 out_color;
            void main(void) {
                float peak = 64.5 / 1024.0, quiet = 10.5 / 1024.0;
                out_color = gl_FragCoord.x < 2.0
                    ? vec4(texture(texFFT, peak).r, texture(texFFTSmoothed, peak).r, texture(texFFTIntegrated, peak).r, 1.0)
                    : vec4(texture(texFFT, quiet).r, texelFetch(texFFT, 64, 0).r, 0.0, 1.0);
            }
            """)
        let path = try folder.write("bonzo.yaml", """
            size: [4, 2]
            nodes:
              tone: { kind: audio, file: tone.wav }
              bonzo: { kind: shader, file: bonzo.glsl, inputs: { texFFT: tone, texFFTSmoothed: tone, texFFTIntegrated: tone } }
            output: bonzo
            """)
        // At 1 fps, frame 0 hears the silence before the file and frame 1 the 2048 samples before 1 s: the tone
        // throughout. A range from frame 1 draws frame 0 first, as one long render would, so frame 1 is the
        // smoothed and summed spectra's first frame with the tone.
        let image = try render(path, in: folder, start: 1, ["--fps", "1"])
        let peak = image[0, 0], quiet = image[3, 0]
        #expect(abs(Int(peak.r) - 255) <= 3, "texFFT at the tone's bin: \(peak.r)")
        #expect(abs(Int(peak.g) - 26) <= 2, "texFFTSmoothed: 0.1 of it after one frame, \(peak.g)")
        #expect(abs(Int(peak.b) - 102) <= 2, "texFFTIntegrated: 0.4 of it after one frame, \(peak.b)")
        #expect(quiet.r <= 2, "far from the tone: \(quiet.r)")
        #expect(abs(Int(quiet.g) - 255) <= 3, "texelFetch reads bin 64 too: \(quiet.g)")
    }

    @Test("Bonzomatic's uniforms are set, not parameters")
    func notParameters() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bonzo.glsl", """
            #version 410 core
            uniform float fGlobalTime;
            layout(location = 0) out vec4 out_color;
            void main(void) { out_color = vec4(fGlobalTime); }
            """)
        #expect(try runShaderbench(["check", path]).status == 0)
        #expect(try runShaderbench(["check", path, "--set", "fGlobalTime=1"]).status != 0)
    }
}

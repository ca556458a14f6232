import Foundation
import Images
import TestSupport
import Testing

/// Files written for VS Code's Shader Toy extension, as `shaderbench render` draws them: each test's shader uses
/// one of the extension's directives or names as its README documents them, encodes what it reads into its colour,
/// and the rendered pixels are read back.
@Suite("VS Code Shader Toy shaders")
struct VSCodeShaderToyTests {
    /// A 2×2 picture: red and green on its top row, blue and white on its bottom row.
    static let quadrants = RGBAImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
    /// A 2×1 picture: black on the left, white on the right.
    static let blackThenWhite = RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255])

    /// Renders `file` of `folder` alone at 4×2, `frames` frames from `start`, and returns the last.
    func render(_ file: String, in folder: TemporaryFolder, frames: Int = 1, start: Int = 0, _ arguments: [String] = []) throws -> RGBAImage {
        try renderedFrame(folder.file(file), in: folder, frames: frames, start: start, arguments)
    }

    @Test("#iChannel0 \"file://…\" reads the picture beside the shader at its own size, the right way up")
    func pictureChannel() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(Self.quadrants, to: folder.file("quadrants.png"))
        try folder.write("look.glsl", """
            #iChannel0 "file://quadrants.png"
            #iChannel0::MagFilter "Nearest"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texture(iChannel0, fragCoord / iResolution.xy);
            }
            """)
        let image = try render("look.glsl", in: folder)
        // The 4×2 pass's top-left pixel reads the picture's top-left quarter, its bottom-right the bottom-right.
        #expect(image[0, 0] == (255, 0, 0, 255), "top-left")
        #expect(image[3, 0] == (0, 255, 0, 255), "top-right")
        #expect(image[0, 1] == (0, 0, 255, 255), "bottom-left")
        #expect(image[3, 1] == (255, 255, 255, 255), "bottom-right")
    }

    @Test("iChannelResolution reports a picture channel's size, and the picture does not decide the frame's")
    func pictureSize() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(RGBAImage(width: 64, height: 32, fill: (r: 10, g: 20, b: 30, a: 255)), to: folder.file("wide.png"))
        try folder.write("look.glsl", """
            #iChannel5 "wide.png"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(iChannelResolution[5].xy / 255.0, iResolution.x / 1000.0, 1.0) + texture(iChannel5, vec2(0.5)) * 0.0;
            }
            """)
        let result = try runShaderbench(["render", folder.file("look.glsl"), "--out", folder.file("frame-%d.png"), "--frames", "1"])
        #expect(result.status == 0, "\(result.error)")
        let image = try ImageFile.read(path: folder.file("frame-0.png"))
        #expect(image.width != 64, "the frame has the workbench's size, not the picture's")
        #expect(image[0, 0] == (64, 32, UInt8((Double(image.width) / 1000 * 255).rounded()), 255))
    }

    @Test("a channel directive in an included file reads a picture beside that file")
    func channelInAnInclude() throws {
        let folder = try TemporaryFolder()
        try folder.write("common/colour.glsl", """
            #iChannel2 "file://colour.png"
            vec4 colour() { return texture(iChannel2, vec2(0.5)); }
            """)
        try ImageFile.writePNG(RGBAImage(width: 1, height: 1, fill: (r: 40, g: 80, b: 120, a: 255)), to: folder.file("common/colour.png"))
        try folder.write("look.glsl", """
            #include "common/colour.glsl"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) { fragColor = colour(); }
            """)
        #expect(try render("look.glsl", in: folder)[1, 1] == (40, 80, 120, 255))
    }

    @Test("\"self\" is the pass's own last frame, kept in floats: a quarter of a level added each frame makes a level in four")
    func ownPreviousFrame() throws {
        let folder = try TemporaryFolder()
        try folder.write("count.glsl", """
            #iChannel0 "self"
            void main() {
                vec4 last = texture2D(iChannel0, gl_FragCoord.xy / iResolution.xy);
                gl_FragColor = last + vec4(0.25 / 255.0, 1.0 / 255.0, 0.0, 1.0);
            }
            """)
        let image = try render("count.glsl", in: folder, frames: 4)
        // Four frames of 0.25 and of 1 level; eight bits would have rounded each quarter away.
        #expect(image[0, 0] == (1, 4, 0, 255))
        #expect(image[3, 1] == (1, 4, 0, 255))
    }

    @Test("the pass's own file named as a channel is its last frame too, the right way up")
    func ownFileAsChannel() throws {
        let folder = try TemporaryFolder()
        try folder.write("copy.glsl", """
            #iChannel0 "file://copy.glsl"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec2 uv = fragCoord / iResolution.xy;
                fragColor = iFrame == 0 ? vec4(uv, 0.0, 1.0) : texture(iChannel0, uv);
            }
            """)
        let image = try render("copy.glsl", in: folder, frames: 3)
        // Drawn at frame 0 with y up (the top-left pixel's centre is (0.5, 1.5) of 4×2), then copied twice.
        #expect(image[0, 0] == (32, 191, 0, 255), "top-left")
        #expect(image[3, 1] == (223, 64, 0, 255), "bottom-right")
    }

    @Test("a main of its own reads gl_FragCoord from the bottom-left and writes gl_FragColor; iGlobalTime is iTime")
    func ownMainAndGlobalTime() throws {
        let folder = try TemporaryFolder()
        try folder.write("plain.glsl", """
            void main() {
                vec2 uv = gl_FragCoord.xy / iResolution.xy;
                gl_FragColor = vec4(uv, iGlobalTime * 10.0 / 255.0, iTime == iGlobalTime ? 1.0 : 0.0);
            }
            """)
        // Frame 6 at 4 frames a second is 1.5 s; the top-left pixel's centre is (0.5, 1.5) from the bottom-left.
        let image = try render("plain.glsl", in: folder, start: 6, ["--fps", "4"])
        #expect(image[0, 0] == (32, 191, 15, 255), "top-left")
        #expect(image[3, 1] == (223, 64, 15, 255), "bottom-right")
    }

    @Test("iGlobalFrame is iFrame, and texture2D reads a channel as texture does")
    func globalFrameAndTexture2D() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(RGBAImage(width: 1, height: 1, fill: (r: 90, g: 0, b: 0, a: 255)), to: folder.file("red.png"))
        try folder.write("look.glsl", """
            #iChannel0 "red.png"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(texture2D(iChannel0, vec2(0.5)).r, float(iGlobalFrame) / 255.0, texture(iChannel0, vec2(0.5)).r, 1.0);
            }
            """)
        #expect(try render("look.glsl", in: folder, start: 3)[0, 0] == (90, 3, 90, 255))
    }

    @Test("#StrictCompatibility calls mainImage where the file defines it through a macro")
    func strictCompatibility() throws {
        let folder = try TemporaryFolder()
        try folder.write("macro.glsl", """
            #StrictCompatibility
            #define IMAGE(colour, place) void mainImage(out vec4 colour, in vec2 place)
            IMAGE(colour, place) { colour = vec4(0.0, place.y < 1.0 ? 1.0 : 0.2, 0.0, 1.0); }
            """)
        let image = try render("macro.glsl", in: folder)
        #expect(image[0, 1] == (0, 255, 0, 255), "the bottom row, place.y 0.5")
        #expect(image[0, 0] == (0, 51, 0, 255), "the top row, place.y 1.5")
    }

    @Test("#iKeyboard brings the key constants and isKeyDown and friends over a 256×4 keyboard, no key down in a render")
    func keyboard() throws {
        let folder = try TemporaryFolder()
        try folder.write("keys.glsl", """
            #iKeyboard
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                bool any = isKeyDown(Key_A) || isKeyPressed(Key_A) || isKeyToggled(Key_A) || isKeyReleased(Key_A);
                fragColor = vec4(any ? 1.0 : 0.0, float(Key_A + Key_LeftArrow) / 255.0, float(textureSize(iKeyboard, 0).x * textureSize(iKeyboard, 0).y) / 1024.0, 1.0);
            }
            """)
        // A is key code 65 and the left arrow 37, as browsers number them.
        #expect(try render("keys.glsl", in: folder)[0, 0] == (0, 102, 255, 255))
    }

    @Test("#iUniform declares a parameter: its value, else its range's minimum, is its default, and --set stays in its range")
    func customUniforms() throws {
        let folder = try TemporaryFolder()
        try folder.write("look.glsl", """
            #iUniform float amount = 1.0 in { 0.0, 5.0 } step 0.2
            #iUniform color3 tint = color3(0.2, 0.4, 0.6)
            #iUniform vec2 low in { vec2(0.8), vec2(1.0) }
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(amount / 5.0, tint.g * low.x, tint.b * low.y, 1.0);
            }
            """)
        // 1 / 5, 0.4 × 0.8, 0.6 × 0.8 of 255.
        #expect(try render("look.glsl", in: folder)[0, 0] == (51, 82, 122, 255))
        #expect(try render("look.glsl", in: folder, ["--set", "look.amount=2"])[0, 0].r == 102)
        #expect(try render("look.glsl", in: folder, ["--set", "look.amount=9"])[0, 0].r == 255, "clamped to 5")
    }

    @Test("by default a channel is read bilinearly and repeated; WrapMode clamps or mirrors it instead")
    func wrapModes() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(Self.blackThenWhite, to: folder.file("edge.png"))
        // Each pass reads the picture a quarter and three quarters of its width past its right edge, where
        // repeating it puts the two texels' centres, and at 0.625, a quarter of the way from the black texel's
        // centre to the white's.
        func sampled(_ setting: String) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            try folder.write("look.glsl", """
                #iChannel0 "edge.png"
                \(setting)
                void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                    fragColor = vec4(texture(iChannel0, vec2(1.25, 0.5)).r, texture(iChannel0, vec2(1.75, 0.5)).r, texture(iChannel0, vec2(0.625, 0.5)).r, 1.0);
                }
                """)
            return try render("look.glsl", in: folder)[0, 0]
        }
        let repeated = try sampled("")
        #expect(repeated.r == 0 && repeated.g == 255, "1.25 repeats to the black texel's centre, 1.75 to the white's")
        #expect(abs(Int(repeated.b) - 191) <= 1, "bilinear: three quarters white, 0.75 × 255")
        let clamped = try sampled("#iChannel0::WrapMode \"Clamp\"")
        #expect(clamped.r == 255 && clamped.g == 255, "both past the edge read the white edge")
        let mirrored = try sampled("#iChannel0::WrapMode \"Mirror\"")
        #expect(mirrored.r == 255 && mirrored.g == 0, "mirrored, 1.25 reads as 0.75 and 1.75 as 0.25")
        #expect(try sampled("#iChannel0::MagFilter \"Nearest\"").b == 255, "nearest: the white texel")
    }

    @Test("another shader file named as a channel is drawn first; round a circle, it reads its reader's last frame")
    func shaderChannel() throws {
        let folder = try TemporaryFolder()
        try folder.write("image.glsl", """
            #iChannel0 "file://buffer.glsl"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texture(iChannel0, fragCoord / iResolution.xy);
            }
            """)
        try folder.write("buffer.glsl", """
            #iChannel0 "image.glsl"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texture(iChannel0, fragCoord / iResolution.xy) + vec4(1.0, 10.0, 0.0, 0.0) / 255.0;
            }
            """)
        // Frame k of the buffer adds to the image's frame k - 1, which showed the buffer's: k + 1 times over.
        #expect(try render("image.glsl", in: folder, frames: 3)[2, 1] == (3, 30, 0, 255))
    }

    @Test("in a composition, a channel the node wires reads what it is wired to, and sampling: wins over the directive")
    func compositionWins() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(Self.blackThenWhite, to: folder.file("edge.png"))
        try ImageFile.writePNG(RGBAImage(width: 1, height: 1, fill: (r: 0, g: 0, b: 200, a: 255)), to: folder.file("blue.png"))
        try folder.write("look.glsl", """
            #iChannel0 "edge.png"
            #iChannel0::WrapMode "Mirror"
            #iChannel1 "edge.png"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(texture(iChannel0, vec2(1.75, 0.5)).r, 0.0, texture(iChannel1, vec2(0.5)).b, 1.0);
            }
            """)
        try folder.write("look.yaml", """
            size: [4, 2]
            nodes:
              blue: { kind: image, file: blue.png }
              look: { kind: shader, file: look.glsl, inputs: { iChannel1: blue }, sampling: { iChannel0: { wrap: clamp } } }
            output: look
            """)
        // Clamped, 1.75 reads the white edge (mirrored it would be black); iChannel1 is the blue picture.
        #expect(try render("look.yaml", in: folder)[0, 0] == (255, 0, 200, 255))
    }

    @Test("a channel's missing file, an unknown setting and what the workbench cannot feed are errors at their column",
          arguments: [
              ("#iChannel0 \"file://missing.png\"", "look.glsl:1:12: error: no such file", "SB1005"),
              ("#iChannel0::WrapMode \"Wrap\"", "look.glsl:1:22: error: WrapMode is one of", "SB3008"),
              ("#iChannel0::Type \"CubeMap\"", "look.glsl:1:18: error: a cube map cannot feed a channel", "SB3008"),
              ("#iChannel0 \"sky_{}.jpg\"", "look.glsl:1:12: error: \"sky_{}.jpg\" names a cube map's faces", "SB3008"),
              ("#iChannel1 \"music.mp3\"", "look.glsl:1:12: error: \"music.mp3\" is sound", "SB3008"),
              ("#iUniform float amount", "look.glsl:1:17: error: #iUniform float amount needs a value or a range", "SB3008"),
              ("#iVertex \"file://vertex.glsl\"", "look.glsl:1:2: error: #iVertex", "SB3008"),
              ("#iChannel3 \"https://example.com/a.jpg\"", "look.glsl:1:12: error: \"https://example.com/a.jpg\": the workbench reads no https addresses", "SB3008"),
              ("#iChannel10 \"a.png\"", "look.glsl:1:2: error: #iChannel10: the extension's channels are iChannel0 to iChannel9", "SB3008"),
          ])
    func refusals(directive: String, message: String, code: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("look.glsl", "\(directive)\nvoid mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p); }\n")
        let result = try runShaderbench(["check", "look.glsl"], in: folder.path)
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.contains("[\(code)]"), "\(result.error)")
    }
}

import Foundation
import Images
import TestSupport
import Testing

/// What a ShaderToy page gives its shaders, as `shaderbench render` sets it: each test's shader encodes a
/// uniform into its colour, and the rendered pixels are read back.
@Suite("ShaderToy's uniforms and macros")
struct ShaderToyUniformTests {
    /// Renders `composition` (or the shader `toy.frag` alone when there is none) with `arguments` added and
    /// returns the image.
    func render(shader: String, composition: String? = nil, in folder: TemporaryFolder, start: Int = 0, _ arguments: [String] = []) throws -> RGBAImage {
        _ = try folder.write("toy.frag", shader)
        let input = try composition.map { try folder.write("toy.yaml", $0) } ?? folder.file("toy.frag")
        return try renderedFrame(input, in: folder, start: start, arguments)
    }

    @Test("HW_PERFORMANCE is defined as 1, the site's value on a desktop GPU")
    func hardwarePerformance() throws {
        let image = try render(shader: """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            #if defined(HW_PERFORMANCE) && HW_PERFORMANCE == 1
                fragColor = vec4(0.0, 1.0, 0.0, 1.0);
            #else
                fragColor = vec4(1.0, 0.0, 0.0, 1.0);
            #endif
            }
            """, in: try TemporaryFolder())
        #expect(image[0, 0] == (0, 255, 0, 255))
    }

    @Test("iDate in a render is 2025-01-01 00:00 UTC plus the frame's time: year, month from 0, day, seconds")
    func dateIsReproducible() throws {
        let folder = try TemporaryFolder()
        let shader = """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = fragCoord.x < 2.0
                    ? vec4((iDate.x - 2000.0) / 255.0, (iDate.y + 1.0) / 255.0, iDate.z / 255.0, 1.0)
                    : vec4(iDate.w * 10.0 / 255.0, 0.0, 0.0, 1.0);
            }
            """
        // Frame 6 at 4 frames a second is 1.5 s after midnight.
        let image = try render(shader: shader, in: folder, start: 6, ["--fps", "4"])
        #expect(image[0, 0] == (25, 1, 1, 255), "2025, January (0), the 1st")
        #expect(image[3, 0] == (15, 0, 0, 255), "1.5 seconds since midnight")
    }

    @Test("iChannelResolution and textureSize give each channel's own size: a 64×32 image and a 16×8 pass")
    func channelResolution() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(RGBAImage(width: 64, height: 32, fill: (r: 10, g: 20, b: 30, a: 255)), to: folder.file("wide.png"))
        _ = try folder.write("small.frag", "void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\n")
        let image = try render(shader: """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                int channel = fragCoord.x < 2.0 ? 0 : 1;
                vec3 reported = iChannelResolution[channel];
                vec2 stored = channel == 0 ? vec2(textureSize(iChannel0, 0)) : vec2(textureSize(iChannel1, 0));
                fragColor = vec4(reported.xy / 255.0, reported.xy == stored ? reported.z : 0.0, 1.0);
            }
            """, composition: """
            size: [4, 2]
            nodes:
              picture: { kind: image, file: wide.png }
              small: { kind: shader, file: small.frag, size: [16, 8] }
              toy: { kind: shader, file: toy.frag, inputs: { iChannel0: picture, iChannel1: small } }
            output: toy
            """, in: folder)
        #expect(image[0, 0] == (64, 32, 255, 255))
        #expect(image[3, 0] == (16, 8, 255, 255))
    }

    @Test("a pass read as a channel keeps the alpha it writes, as the site's buffers do; the shown pass is opaque")
    func alpha() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("store.frag", "void mainImage(out vec4 c, in vec2 p) { c = vec4(0.0, 0.0, 0.0, 0.5); }\n")
        let image = try render(shader: """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(texture(iChannel0, fragCoord / iResolution.xy).a, 0.0, 0.0, 0.25);
            }
            """, composition: """
            size: [4, 2]
            nodes:
              store: { kind: shader, file: store.frag }
              toy: { kind: shader, file: toy.frag, inputs: { iChannel0: store } }
            output: toy
            """, in: folder)
        #expect(image[0, 0] == (128, 0, 0, 255))
    }

    @Test("iChannelTime is a movie channel's playback time and the composition's time for other channels")
    func channelTime() throws {
        let folder = try TemporaryFolder()
        try TestClip(width: 64, height: 48, fps: 30, frames: 30).write(to: folder.file("clip.mp4"))
        try ImageFile.writePNG(RGBAImage(width: 4, height: 2, fill: (r: 0, g: 0, b: 0, a: 255)), to: folder.file("still.png"))
        // Frame 1 at 4 frames a second: the composition is at 0.25 s, the movie, started at 0.5 s, at 0.75 s.
        let image = try render(shader: """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(iChannelTime[0] * 100.0 / 255.0, iChannelTime[1] * 100.0 / 255.0,
                                 (texture(iChannel0, vec2(0.5)).a + texture(iChannel1, vec2(0.5)).a) / 2.0, 1.0);
            }
            """, composition: """
            size: [4, 2]
            nodes:
              clip: { kind: movie, file: clip.mp4, start: 0.5, loop: false }
              still: { kind: image, file: still.png }
              toy: { kind: shader, file: toy.frag, inputs: { iChannel0: clip, iChannel1: still } }
            output: toy
            """, in: folder, start: 1, ["--fps", "4"])
        #expect(image[0, 0] == (75, 25, 255, 255))
    }

    @Test("iFrameRate and iTimeDelta follow --fps from the first frame on")
    func frameRate() throws {
        let image = try render(shader: """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(iFrameRate / 255.0, iTimeDelta * 1000.0 / 255.0, 0.0, 1.0);
            }
            """, in: try TemporaryFolder(), ["--fps", "25"])
        #expect(image[0, 0] == (25, 40, 0, 255))
    }

    @Test("iSampleRate is 44100, and iMouse is zero in a render, which has no pointer")
    func sampleRateAndMouse() throws {
        let image = try render(shader: """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(iSampleRate == 44100.0 ? 1.0 : 0.0, iMouse == vec4(0.0) ? 1.0 : 0.0, 0.0, 1.0);
            }
            """, in: try TemporaryFolder())
        #expect(image[0, 0] == (255, 255, 0, 255))
    }
}

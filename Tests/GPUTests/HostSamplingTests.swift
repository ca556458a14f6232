import GPU
import Images
import ShaderGraph
import Testing

/// Each dialect's inputs are read as its home host reads them unless `sampling:` says otherwise. Every shader
/// below reads a 2×1 image, red on the left texel and blue on the right, at x = 1.25, past its right edge:
/// repeating edges fold that back to 0.25, the centre of the red texel; clamped edges hold the right texel,
/// blue. Either is one texel's colour whatever the filter.
@Suite("Inputs are read as each dialect's host reads them", .serialized)
struct HostSamplingTests {
    static let red: [UInt8] = [255, 0, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]

    /// The first pixel of `shader` (in `file`) drawn at the picture's size, its `input` wired to the split picture, or to a
    /// pass that copies it where `throughPass` is set; `sampling` is the node's `sampling:` value, if any.
    func firstPixel(file: String, _ shader: String, input: String, throughPass: Bool = false, sampling: String? = nil) throws -> [UInt8] {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("split.png", RGBAImage(width: 2, height: 1, pixels: Self.red + Self.blue))
        try workspace.write(file, shader)
        try workspace.write("copy.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
            """)
        let composition = try workspace.load("""
            size: [2, 1]
            nodes:
              split: { kind: image, file: split.png }
              copy: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: split } }
              look: { kind: shader, file: \(file), inputs: { \(input): \(throughPass ? "copy" : "split") }\(sampling.map { ", sampling: { \(input): \($0) }" } ?? "") }
            output: look
            """)
        let image = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        return Array(image.pixels.prefix(4))
    }

    static let glslViewer = """
        uniform sampler2D u_tex0;
        void main() { gl_FragColor = texture2D(u_tex0, vec2(1.25, 0.5)); }
        """

    static let shaderToy = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) { fragColor = texture(iChannel0, vec2(1.25, 0.5)); }
        """

    @Test("glslViewer repeats its textures (GL_REPEAT), so a read past the right edge tiles back to the left texel")
    func glslViewerRepeats() throws {
        #expect(try firstPixel(file: "tile.frag", Self.glslViewer, input: "u_tex0") == Self.red)
    }

    @Test("Bonzomatic repeats its textures too")
    func bonzomaticRepeats() throws {
        let shader = """
            #version 410 core
            uniform float fGlobalTime;
            uniform sampler2D texPicture;
            layout(location = 0) out vec4 out_color;
            void main(void) { out_color = texture(texPicture, vec2(1.25, 0.5)) + vec4(fGlobalTime * 0.0); }
            """
        #expect(try firstPixel(file: "tile.glsl", shader, input: "texPicture") == Self.red)
    }

    @Test("a ShaderToy picture channel repeats, as the site's texture sampler does by default")
    func shaderToyPictureRepeats() throws {
        #expect(try firstPixel(file: "tile.glsl", Self.shaderToy, input: "iChannel0") == Self.red)
    }

    @Test("a ShaderToy channel reading another pass is clamped, as the site's buffer sampler is by default")
    func shaderToyBufferClamps() throws {
        #expect(try firstPixel(file: "tile.glsl", Self.shaderToy, input: "iChannel0", throughPass: true) == Self.blue)
    }

    @Test("ISF clamps, as VVISF's textures do")
    func isfClamps() throws {
        let shader = """
            /*{ "ISFVSN": "2", "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" } ] }*/
            void main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, vec2(1.25, 0.5)); }
            """
        #expect(try firstPixel(file: "edge.fs", shader, input: "inputImage") == Self.blue)
    }

    @Test("GPUImage clamps, as its framebuffers do (GL_CLAMP_TO_EDGE)")
    func gpuImageClamps() throws {
        let shader = """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, vec2(1.25, 0.5)) + 0.0 * textureCoordinate.x; }
            """
        #expect(try firstPixel(file: "edge.fsh", shader, input: "inputImageTexture") == Self.blue)
    }

    @Test("the composition's wrap wins over the host's")
    func explicitWrapWins() throws {
        #expect(try firstPixel(file: "tile.frag", Self.glslViewer, input: "u_tex0", sampling: "{ wrap: clamp }") == Self.blue)
        #expect(try firstPixel(file: "tile.glsl", Self.shaderToy, input: "iChannel0", sampling: "{ wrap: clamp }") == Self.blue)
    }

    @Test("a sampling: that sets only the filter keeps the host's wrap")
    func unsetKeysAreTheHosts() throws {
        #expect(try firstPixel(file: "tile.frag", Self.glslViewer, input: "u_tex0", sampling: "{ filter: nearest }") == Self.red)
    }

    @Test("glslViewer filters linearly even where the input has the pass's size: halfway between texels is half of each")
    func glslViewerFiltersLinearly() throws {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("split.png", RGBAImage(width: 2, height: 1, pixels: Self.red + Self.blue))
        // Pixel 0's coordinate is 0.25, the red texel's centre; a quarter further is 0.5, the boundary.
        try workspace.write("half.frag", """
            uniform sampler2D u_tex0;
            varying vec2 v_texcoord;
            void main() { gl_FragColor = texture2D(u_tex0, v_texcoord + vec2(0.25, 0.0)); }
            """)
        let composition = try workspace.load("""
            size: [2, 1]
            nodes:
              split: { kind: image, file: split.png }
              look: { kind: shader, file: half.frag, inputs: { u_tex0: split } }
            output: look
            """)
        let pixel = Array(try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels().pixels.prefix(4))
        #expect(abs(Int(pixel[0]) - 128) <= 1 && pixel[1] == 0 && abs(Int(pixel[2]) - 128) <= 1 && pixel[3] == 255, "\(pixel)")
    }
}

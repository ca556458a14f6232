import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// GPUImage 1's programmable blends read their target through EXT_shader_framebuffer_fetch
/// (`gl_LastFragData[0]`): a pass whose shader does draws over the image it drew the frame before, fetched
/// where the driver lists the extension (llvmpipe does) and read from a texture where it does not.
@Suite("Framebuffer fetch", .serialized)
struct FramebufferFetchTests {
    let image = noiseImage(width: 40, height: 24, seed: 9)

    /// Half the last frame and half the input: the first frame, over transparent black, is half the input.
    static let blend = """
        #extension GL_EXT_shader_framebuffer_fetch : require
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() {
            lowp vec4 base = gl_LastFragData[0];
            lowp vec4 overlay = texture2D(inputImageTexture, textureCoordinate);
            gl_FragColor = base * 0.5 + overlay * 0.5;
        }
        """

    /// The frames `shader` draws on node `blend`, the executor made with `resources`, and the node's program.
    func frames(_ shader: String, count: Int, resources: GraphResources, inputs: String = "inputImageTexture: photo") throws
        -> (frames: [RGBAImage], fetches: Bool) {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        try workspace.write("blend.fsh", shader)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              blend: { kind: shader, file: blend.fsh, inputs: { \(inputs) } }
            output: blend
            """)
        let executor = try GraphExecutor(composition: composition, resources: resources)
        let frames = try (0..<count).map { try executor.renderFrame(FrameTime(index: $0, fps: 30)).readPixels() }
        return (frames, try #require(executor.programs["blend"]).fetchesFramebuffer)
    }

    /// The largest difference from frames where each is half the last (transparent black before the first)
    /// and half the input, rounded to 8 bits as a target stores it.
    func largestDifferenceFromBlending(_ frames: [RGBAImage]) -> Int {
        var previous = [Double](repeating: 0, count: image.pixels.count)
        var largest = 0
        for frame in frames {
            for index in image.pixels.indices {
                previous[index] = (previous[index] * 0.5 + Double(image.pixels[index]) * 0.5).rounded()
                largest = max(largest, abs(Int(frame.pixels[index]) - Int(previous[index])))
            }
        }
        return largest
    }

    @Test("a shader reading gl_LastFragData draws over the frame before it, fetched where the driver lists the extension")
    func fetched() throws {
        let (frames, fetches) = try frames(Self.blend, count: 3, resources: GraphResources())
        #expect(fetches)
        #expect(largestDifferenceFromBlending(frames) <= 1)
    }

    @Test("without the extension the same file reads its target's previous contents from a texture, to a code of the fetched pixels")
    func readFromATexture() throws {
        let (fetched, _) = try frames(Self.blend, count: 3, resources: GraphResources())
        let (fallback, fetches) = try frames(Self.blend, count: 3, resources: GraphResources(framebufferFetch: false))
        #expect(!fetches)
        #expect(largestDifferenceFromBlending(fallback) <= 1)
        // llvmpipe converts a fetched colour and a sampled one to floats its own two ways: a weight that
        // does not halve exactly can round either side.
        for (index, (a, b)) in zip(fetched, fallback).enumerated() {
            #expect(a.largestDifference(from: b) <= 1, "frame \(index)")
        }
    }

    @Test("a pass that also samples its own previous frame reads both from the texture, the two being one image")
    func withFeedback() throws {
        let shader = """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform sampler2D previousOutput;
            void main() {
                gl_FragColor = gl_LastFragData[0] * 0.25 + texture2D(previousOutput, textureCoordinate) * 0.25
                    + texture2D(inputImageTexture, textureCoordinate) * 0.5;
            }
            """
        let (frames, fetches) = try frames(shader, count: 3, resources: GraphResources(),
                                           inputs: "inputImageTexture: photo, previousOutput: blend")
        #expect(!fetches)
        #expect(largestDifferenceFromBlending(frames) <= 1)
    }

    @Test("a mistake on a line that reads gl_LastFragData is at the user's column either way", arguments: [true, false])
    func errorColumns(fetch: Bool) throws {
        let broken = Self.blend.replacingOccurrences(of: "gl_FragColor = base * 0.5", with: "gl_FragColor = gl_LastFragData[0] * strength")
        #expect {
            _ = try frames(broken, count: 1, resources: GraphResources(framebufferFetch: fetch))
        } throws: { error in
            let first = (error as? DiagnosticsError)?.diagnostics.first
            return first?.location?.line == 7 && first?.location?.column == 41 && first?.message.contains("strength") == true
        }
    }
}

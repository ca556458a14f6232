import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// ShaderToy shaders, written in ShaderToy's own conventions (y up, `mainImage`, `iChannel0`), load, render
/// the right way up, get their built-in uniforms and report errors at the user's lines.
@Suite("The ShaderToy dialect", .serialized)
struct ShaderToyDialectTests {
    let image = gradientImage(width: 40, height: 24)

    func render(_ shader: String, frame: Int = 0, wired: Bool = true) throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        try workspace.write("toy.glsl", shader)
        let inputs = wired ? ", inputs: { iChannel0: photo }" : ""
        let composition = try workspace.load("""
            size: [40, 24]
            nodes:
              photo: { kind: image, file: in.png }
              toy: { kind: shader, file: toy.glsl\(inputs) }
            output: toy
            """)
        let executor = try GraphExecutor(composition: composition)
        var output = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        for index in stride(from: 1, through: frame, by: 1) { output = try executor.renderFrame(FrameTime(index: index, fps: 30)) }
        return output.readPixels()
    }

    @Test("a channel sampled at fragCoord / iResolution shows the image upright and unchanged")
    func channelPassThrough() throws {
        let output = try render("""
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texture(iChannel0, fragCoord / iResolution.xy);
            }
            """)
        #expect(output.largestDifference(from: image) == 0)
    }

    @Test("texelFetch on a channel counts rows from the bottom, as in ShaderToy")
    func texelFetchFlips() throws {
        let output = try render("""
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texelFetch(iChannel0, ivec2(fragCoord), 0);
            }
            """)
        #expect(output.largestDifference(from: image) == 0)
    }

    @Test("fragCoord grows upwards: a procedural gradient is bright at the top")
    func yUp() throws {
        let output = try render("""
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(vec3(fragCoord.y / iResolution.y), 0.0);
            }
            """, wired: false)
        #expect(output[5, 0].r > 245, "top row")
        #expect(output[5, 23].r < 10, "bottom row")
        #expect(output[5, 0].a == 255, "shown opaque, as on the site")
    }

    @Test("iResolution, iFrame, iTime, iTimeDelta and iChannelResolution carry the frame's values")
    func builtIns() throws {
        let output = try render("""
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(iResolution.x / 255.0, float(iFrame) / 255.0, iTime * 10.0 / 255.0,
                                 iChannelResolution[0].y / 255.0) + 0.0 * texture(iChannel0, vec2(0.0));
                if (fragCoord.x > 20.0) fragColor = vec4(iTimeDelta * 30.0 * 100.0 / 255.0, iResolution.z, 0.0, 1.0);
            }
            """, frame: 3)
        #expect(output[0, 0].r == 40 && output[0, 0].g == 3 && output[0, 0].b == 1)
        #expect(output[30, 0].r == 100 && output[30, 0].g == 255)
    }

    @Test("errors point at the user's line and column, not the prelude's")
    func errorsAtUserLines() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("toy.glsl", """
            // A broken shader.
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(fragCoord, iTime, missing);
            }
            """)
        let composition = try workspace.load("nodes:\n  toy: { kind: shader, file: toy.glsl }\n")
        #expect {
            _ = try GraphExecutor(composition: composition)
        } throws: { error in
            let first = (error as? DiagnosticsError)?.diagnostics.first
            return first?.location?.line == 3 && first?.location?.column == 40 && first?.message.contains("missing") == true
        }
    }
}

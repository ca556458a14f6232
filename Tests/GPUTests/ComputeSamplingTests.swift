import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// How a kernel's `sampler2D` inputs are read by `texture`: linear and clamped unless `sampling:` says otherwise.
/// Expected values are the filters' arithmetic over a two-texel image.
@Suite("Compute sampling", .serialized)
struct ComputeSamplingTests {
    func sample(at coordinate: Float, sampling: String?) throws -> UInt8 {
        let workspace = try GPUWorkspace()
        // Black then white: halfway between their centres, linear gives half, nearest one of them.
        try workspace.writePNG("two.png", RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255]))
        try workspace.write("read.comp", """
            #version 310 es
            layout(local_size_x = 1) in;
            uniform highp sampler2D picture;
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            void main() { imageStore(result, ivec2(0), texture(picture, vec2(\(coordinate), 0.5))); }
            """)
        let composition = try workspace.load("""
            size: [1, 1]
            nodes:
              two: { kind: image, file: two.png }
              read: { kind: compute, file: read.comp, inputs: { picture: two }\(sampling.map { ", sampling: { picture: \($0) }" } ?? "") }
            output: read
            """)
        return try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[0, 0].r
    }

    @Test("texture() between two texels is their mean by default, one of them with filter: nearest")
    func filters() throws {
        #expect([127, 128].contains(try sample(at: 0.5, sampling: nil)))
        #expect([0, 255].contains(try sample(at: 0.5, sampling: "{ filter: nearest }")))
    }

    @Test("past the right edge a clamped read stays white, a repeated one wraps to the black texel")
    func wraps() throws {
        #expect(try sample(at: 1.25, sampling: nil) == 255)
        #expect(try sample(at: 1.25, sampling: "{ wrap: repeat, filter: nearest }") == 0)
    }

    @Test("a mipmap filter and flip are refused for a kernel's input, at the composition's key")
    func refused() throws {
        #expect(throws: DiagnosticsError.self) { try sample(at: 0.5, sampling: "{ filter: mipmap }") }
        #expect(throws: DiagnosticsError.self) { try sample(at: 0.5, sampling: "{ flip: true }") }
    }
}

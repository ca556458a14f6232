import GPU
import ShaderGraph
import Testing

/// An int uniform fed by a wire takes whatever number the wire carries: one past 32 bits is held at the largest
/// int, NaN (a kernel's 0 / 0 read from its buffer) is 0, and the frame draws on.
@Suite("Numbers into int uniforms", .serialized)
struct WholeNumberUniformTests {
    @Test("a wired number too large for an int is clamped, a NaN from a buffer is 0; neither stops the frame")
    func clampedAndZero() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("nan.comp", """
            #version 310 es
            layout(local_size_x = 1) in;
            uniform highp float zero;
            layout(std430, binding = 0) buffer Out { float value; };
            void main() { value = zero / zero; }
            """)
        try workspace.write("ints.fsh", """
            precision highp float;
            uniform highp int big;
            uniform highp int nothing;
            void main() { gl_FragColor = vec4(big == 2147483647 ? 1.0 : 0.0, nothing == 0 ? 1.0 : 0.0, 0.0, 1.0); }
            """)
        let composition = try workspace.load("""
            size: [2, 2]
            nodes:
              huge: { kind: constant, value: 3e20 }
              k: { kind: compute, file: nan.comp, uniforms: { zero: 0 }, dispatch: [1] }
              v: { kind: buffer, input: k, buffer: Out }
              ints: { kind: shader, file: ints.fsh, uniforms: { big: huge, nothing: v } }
            output: ints
            """)
        let executor = try GraphExecutor(composition: composition, keeping: ["v"])
        let pixel = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[0, 0]
        #expect(executor.value(of: "v")?.first?.isNaN == true, "the buffer held NaN")
        #expect([pixel.r, pixel.g] == [255, 255])
        #expect([WholeNumber.int32(-1e30), WholeNumber.int32(2.5), WholeNumber.int32(-2.5)] == [Int32.min, 3, -3])
        withExtendedLifetime(workspace) {}
    }
}

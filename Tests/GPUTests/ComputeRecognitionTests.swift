import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// A kernel is known by its text: a `kind: shader` node whose file declares its work group size runs as a
/// compute node, with the compute node's keys and errors.
@Suite("Compute kernels recognised by their text", .serialized)
struct ComputeRecognitionTests {
    static let kernel = """
        #version 310 es
        layout(local_size_x = 2, local_size_y = 2) in;
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        uniform highp float level;
        void main() {
            ivec2 p = ivec2(gl_GlobalInvocationID.xy);
            imageStore(result, p, vec4(float(p.x) / 255.0, float(p.y) / 255.0, level, 1.0));
        }
        """

    @Test("kind: shader with a kernel's file draws what the kernel stores, its uniforms set as a shader's")
    func shaderKindRunsKernel() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("fill.comp", Self.kernel)
        let composition = try workspace.load("""
            size: [3, 2]
            nodes:
              fill: { kind: shader, file: fill.comp, uniforms: { level: 0.2 } }
            output: fill
            """)
        guard case .compute? = composition.node(named: "fill")?.kind else {
            Issue.record("fill was not read as a compute node")
            return
        }
        let image = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        for y in 0..<2 {
            for x in 0..<3 {
                let pixel = image[x, y]
                // 0.2 stored into an 8-bit image is the nearest level, 51.
                #expect([pixel.r, pixel.g, pixel.b, pixel.a] == [UInt8(x), UInt8(y), 51, 255], "(\(x), \(y))")
            }
        }
    }

    @Test("a shader's keys that a compute node has not are errors at the key, naming a compute node")
    func shaderKeysRefused() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("fill.comp", Self.kernel)
        let problems: [Diagnostic]
        do {
            _ = try workspace.load("""
                size: [3, 2]
                nodes:
                  fill: { kind: shader, file: fill.comp, mapping: fit }
                output: fill
                """)
            Issue.record("a compute node took 'mapping'")
            return
        } catch let error as DiagnosticsError {
            problems = error.diagnostics
        }
        #expect(problems.contains { $0.location?.line == 3 && $0.message.contains("a compute node") }, "\(problems.map(\.description))")
    }
}

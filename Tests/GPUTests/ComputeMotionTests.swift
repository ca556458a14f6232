import GPU
import ShaderGraph
import Testing

/// Whether a compute node moves with the clock alone, which decides whether a window draws it again: still when
/// it reads only still images and values, moving when it reads the clock, keeps a persistent buffer, reads what
/// it wrote last frame, or reads a node that moves.
@Suite("Compute motion", .serialized)
struct ComputeMotionTests {
    func motion(_ body: String, extra: String = "", inputs: String = "", buffers: String = "") throws -> GraphExecutor.Motion {
        let workspace = try GPUWorkspace()
        try workspace.write("k.comp", """
            #version 310 es
            layout(local_size_x = 4, local_size_y = 4) in;
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            \(extra)
            void main() { \(body) }
            """)
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              still: { kind: pattern, pattern: checker }
              moving: { kind: pattern }
              k: { kind: compute, file: k.comp\(inputs)\(buffers) }
            output: k
            """)
        let executor = try GraphExecutor(composition: composition)
        defer { withExtendedLifetime(workspace) {} }
        return executor.motion(of: "k")
    }

    @Test("still over a still image; moving with the clock, a persistent buffer or a moving input")
    func motions() throws {
        let store = "imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(1.0));"
        #expect(try motion(store) == .still)
        #expect(try motion("imageStore(result, ivec2(0), texelFetch(picture, ivec2(0), 0));", extra: "uniform highp sampler2D picture;",
                           inputs: ", inputs: { picture: still }") == .still)
        #expect(try motion("imageStore(result, ivec2(0), texelFetch(picture, ivec2(0), 0));", extra: "uniform highp sampler2D picture;",
                           inputs: ", inputs: { picture: moving }") == .continuous)
        #expect(try motion("imageStore(result, ivec2(0), vec4(iTime));", extra: "uniform highp float iTime;") == .continuous)
        #expect(try motion("n[0] += 1u; \(store)", extra: "layout(std430, binding = 0) buffer N { uint n[]; };",
                           buffers: ", buffers: { N: { count: 1, persistent: true } }") == .continuous)
        #expect(try motion("n[0] += 1u; \(store)", extra: "layout(std430, binding = 0) buffer N { uint n[]; };",
                           buffers: ", buffers: { N: { count: 1 } }") == .still)
    }
}

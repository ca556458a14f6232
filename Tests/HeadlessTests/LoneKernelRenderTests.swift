import Foundation
import TestSupport
import Testing

/// A compute kernel opened on its own, headless: its image at the render size.
@Suite("Rendering a compute kernel on its own")
struct LoneKernelRenderTests {
    @Test("a compute kernel opened on its own draws its image at the render size, each pixel as its arithmetic says")
    func loneKernel() throws {
        let folder = try TemporaryFolder()
        try folder.write("glow.comp", """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                imageStore(result, p, vec4(float(p.x) / 64.0, float(p.y) / 64.0, 0.5, 1.0));
            }
            """)
        let check = try runShaderbench(["check", "glow.comp"], in: folder.path)
        #expect(check.status == 0 && check.output == "glow.comp: ok (1 shader compiled)\n", "\(check.output)\(check.error)")
        let result = try runShaderbench(["inspect", "glow.comp", "--at", "10,5", "--json"], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(report["width"] as? Int == 640 && report["height"] as? Int == 480, "\(result.output)")
        // 10/64 and 5/64 of 255, and a half, rounded as 8 bits store them.
        #expect((report["rgba8"] as? [Int]) == [40, 20, 128, 255], "\(result.output)")
    }
}

import Foundation
import Testing
import TestSupport

/// `inspect --at X,Y` on a compute node: its kernels' `// watch:` comments and `--watch LINE:EXPR` (a line of its
/// first kernel) read at invocation (X, Y).
@Suite("Inspecting watches in kernels")
struct InspectComputeWatchTests {
    @Test("a kernel's comment and a --watch are read at the invocation, with their runs, as text and JSON")
    func readAtTheInvocation() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("k.comp", """
            #version 310 es
            layout(local_size_x = 4, local_size_y = 4) in;
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                highp float t = float(p.x) * 0.25 + float(p.y); // watch: t
                imageStore(result, p, vec4(t / 8.0, 0.0, 0.0, 1.0));
            }
            """)
        let composition = try folder.write("c.yaml", "size: [8, 6]\nnodes:\n  k: { kind: compute, file: k.comp }\noutput: k\n")
        let text = try runShaderbench(["inspect", composition, "--at", "6,2", "--watch", "5:p"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("line 6: t = float 3.5000   (ran 1 time)"), "\(text.output)")
        #expect(text.output.contains("line 5: p = ivec2 6.0000 2.0000"), "\(text.output)")
        let json = try runShaderbench(["inspect", composition, "--at", "6,2", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let watch = try #require((report["watches"] as? [[String: Any]])?.first)
        #expect(watch["type"] as? String == "float" && (watch["value"] as? [Double]) == [3.5] && watch["runs"] as? Int == 1, "\(watch)")
    }
}

import Foundation
import TestSupport
import Testing

/// A compute kernel opened on its own in the window: drawn as the kernel says, and a save redraws it.
@Suite("A compute kernel on its own in the window", .serialized)
struct LoneKernelWindowTests {
    /// A kernel that fills its image with one colour.
    static func fill(_ colour: String) -> String {
        """
        #version 310 es
        layout(local_size_x = 8, local_size_y = 8) in;
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        void main() { imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(\(colour), 1.0)); }
        """
    }

    @Test("the window shows the kernel's image, and shows the new one after a save")
    func drawsAndReloads() throws {
        let folder = try TemporaryFolder()
        let kernel = try folder.write("fill.comp", Self.fill("1.0, 0.0, 0.0"))
        let trace = folder.file("trace.jsonl")
        let window = try WindowProcess([kernel, "--trace", trace], directory: folder.path)
        let (display, app) = (window.display, window.app)
        #expect(eventually(timeout: 30) { WindowTrace(path: trace).frames.count > 0 }, "stderr: \(app.error)")
        #expect(try eventually { try display.centre() == (255, 0, 0) }, "shown: \(String(describing: try? display.centre())), stderr: \(app.error)")
        try Self.fill("0.0, 0.0, 1.0").write(toFile: kernel, atomically: true, encoding: .utf8)
        #expect(try eventually { try display.centre() == (0, 0, 255) }, "shown: \(String(describing: try? display.centre())), stderr: \(app.error)")
    }
}

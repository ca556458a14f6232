import Foundation
import Testing
import TestSupport

/// A `// watch:` comment in a compute kernel, read by the window's pixel readout at the invocation under the
/// pointer.
@Suite("Compute watches in the window", .serialized)
struct ComputeWatchWindowTests {
    @Test("the readout reads a kernel's watch at the invocation under the pointer, with its runs, a save moves it with its line, and W shows it over the image")
    func readoutReadsTheKernel() throws {
        let kernel = """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 4) in;
            layout(rgba8, binding = 0) writeonly uniform highp image2D result;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                highp float t = float(p.x) * 0.5 + float(p.y); // watch: t
                imageStore(result, p, vec4(t / 64.0, 0.0, 0.0, 1.0));
            }
            """
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 36]
            nodes:
              k: { kind: compute, file: k.comp }
            output: k
            """) { folder in
            _ = try folder.write("compositions/k.comp", kernel)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pressAndWait("i")
        // The 64×36 image fills the 1280×720 window, 20 screen pixels to one: (210, 110) is invocation (10, 5).
        try window.pointer(["mousemove", "210", "110"])
        func text(_ line: Int) -> String? {
            window.trace.events.last { $0.name == "watch-reading" && $0.fields["line"] as? Int == line && $0.fields["x"] as? Int == 10 }?
                .fields["text"] as? String
        }
        #expect(eventually { text(6) == "line 6: t = float \(String(format: "%.4f", 10 * 0.5 + 5))  (ran 1×)" }, "\(text(6) ?? "none") \(window.app.error)")
        let swaps = window.swapCount
        #expect(swaps >= 1, "the first build swapped the kernel in")
        try ("// a line added at the top\n" + kernel).write(toFile: window.folder.file("compositions/k.comp"), atomically: true, encoding: .utf8)
        #expect(eventually { window.swapCount > swaps }, "the saved kernel is traced as swapped in")
        try window.pointer(["sleep", "1", "mousemove", "230", "110", "sleep", "0.3", "mousemove", "210", "110"])
        #expect(eventually { text(7) == "line 7: t = float 10.0000  (ran 1×)" }, "\(text(7) ?? "none")")
        // W: the watch over the whole image; t = x / 2 + y runs from 0 at the top left to 31.5 + 35 at the bottom right.
        try window.pressAndWait("w")
        let caption = "watch line 7: t (float) from 0.0000 to 66.5000; W for the next"
        #expect(eventually { window.trace.events.last { $0.name == "watch-shown" }?.fields["text"] as? String == caption },
                "\(window.trace.events.filter { $0.name == "watch-shown" }.map(\.fields))")
    }
}

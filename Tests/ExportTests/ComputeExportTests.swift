import Foundation
import TestSupport
import Testing

/// Compute nodes in exports: the Swift export's ShaderbenchKit runs them as `render` does, frame for frame (a
/// persistent buffer, one-channel targets, atomics, a buffer read into a uniform, dispatch expressions, a
/// Compute Shader Format file embedded as it is written); the C runtime, which draws GLES 3.0 passes, refuses
/// them at the node and says which export runs them.
@Suite("Compute nodes in exports", .serialized)
struct ComputeExportTests {
    static let examples = ["compute-particles", "compute-average", "compute-histogram", "compute-shader-format"].map { Repository.path("compositions/examples/\($0).yaml") }

    @Test("Swift: the compute examples draw render's frames, byte for byte")
    func swift() throws {
        try ExportFaithfulnessTests.checkSwift(Self.examples)
    }

    @Test("C: a compute node is refused at the node, naming the export that runs it; nothing is written")
    func cRefuses() throws {
        let folder = try TemporaryFolder()
        let export = try runShaderbench(["export", Self.examples[0], "--c", folder.file("out")])
        #expect(export.status != 0)
        #expect(export.error.contains("compute-particles.yaml:10:3: error: node 'particles': a compute node runs kernels") && export.error.contains("--swift"),
                "\(export.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
    }

    @Test("the Swift export refuses a buffer starting from raw bytes, at the buffer, and embeds a JSON one")
    func bufferFiles() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("k.comp", """
            #version 310 es
            layout(local_size_x = 4) in;
            layout(std430, binding = 0) buffer Start { float start[]; };
            layout(rgba32f, binding = 0) writeonly uniform highp image2D result;
            void main() { imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(start[gl_GlobalInvocationID.x])); }
            """)
        _ = try folder.write("start.json", "[0.25, 0.5, 0.75, 1]")
        _ = try folder.write("start.raw", bytes: [0, 0, 128, 62, 0, 0, 0, 63, 0, 0, 64, 63, 0, 0, 128, 63])
        for (file, embedded) in [("start.json", true), ("start.raw", false)] {
            let composition = try folder.write("c-\(file).yaml", "size: [4, 1]\nnodes:\n  k: { kind: compute, file: k.comp, buffers: { Start: { count: 4, file: \(file) } } }\noutput: k\n")
            let export = try runShaderbench(["export", composition, "--swift", folder.file("swift-\(file)")])
            #expect((export.status == 0) == embedded, "\(file): \(export.error)")
            if embedded {
                let swift = try FileManager.default.contentsOfDirectory(atPath: folder.file("swift-\(file)")).first { $0.hasSuffix(".swift") } ?? ""
                let text = try String(contentsOfFile: folder.file("swift-\(file)/\(swift)"), encoding: .utf8)
                #expect(text.contains("[0.25, 0.5, 0.75, 1]"), "the numbers travel with the export")
            } else {
                #expect(export.error.contains("buffer 'Start' starts from the raw bytes") && export.error.contains(".json list"), "\(export.error)")
            }
        }
    }
}

import Foundation
import Images
import TestSupport
import Testing

/// Compute nodes in exports: the Swift export's ShaderbenchKit and the C runtime (on GLES 3.1) run them as
/// `render` does, frame for frame (a persistent buffer, one-channel targets and inputs, atomics, a buffer read into
/// a uniform, dispatch expressions over sizes and uniforms, a Compute Shader Format file embedded as it is
/// written); C refuses a 3.0 context at creation, naming the node.
@Suite("Compute nodes in exports", .serialized)
struct ComputeExportTests {
    static let examples = ["compute-particles", "compute-average", "compute-histogram", "compute-shader-format", "compute-movie"]
        .map { Repository.path("compositions/examples/\($0).yaml") }

    /// What no example has: an `r32f` target read by a second node as a one-channel `readonly` image, work groups
    /// from a uniform (`$columns`), and a buffer's elements wired into a fragment pass's uniform.
    static func oneChannelChain(in folder: TemporaryFolder) throws -> String {
        try folder.write("ramp.comp", """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            layout(r32f, binding = 0) writeonly uniform highp image2D ramp;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                imageStore(ramp, p, vec4(float(p.x * 3 + p.y) * 0.37 - 5.0));
            }
            """)
        try folder.write("columns.comp", """
            #version 310 es
            layout(local_size_x = 4, local_size_y = 4) in;
            layout(r32f, binding = 2) readonly uniform highp image2D ramp;
            layout(rgba8, binding = 0) writeonly uniform highp image2D shade;
            layout(std430, binding = 1) buffer Sums { highp float sums[]; };
            uniform int columns;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                float value = imageLoad(ramp, p).r;
                if (p.y == 0) sums[p.x] = value;
                imageStore(shade, p, vec4(fract(value), float(p.x) / float(columns * 4), value < 0.0 ? 1.0 : 0.0, 1.0));
            }
            """)
        try folder.write("tint.fsh", """
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform vec2 firsts;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * vec4(1.0, 1.0, fract(firsts.x + firsts.y), 1.0); }
            """)
        return try folder.write("chain.yaml", """
            size: [48, 32]
            nodes:
              ramp: { kind: compute, file: ramp.comp }
              shade:
                kind: compute
                passes: [{ file: columns.comp, dispatch: ["$columns", "$HEIGHT / 4"] }]
                inputs: { ramp: ramp }
                uniforms: { columns: 10 }
                size: ramp
                buffers: { Sums: { count: 48 } }
              firsts: { kind: buffer, input: shade, buffer: Sums, start: 3, count: 2 }
              tinted: { kind: shader, file: tint.fsh, inputs: { inputImageTexture: shade }, uniforms: { firsts: firsts } }
            output: tinted
            """)
    }

    @Test("Swift: the compute examples draw render's frames, byte for byte")
    func swift() throws {
        try ExportFaithfulnessTests.checkSwift(Self.examples)
    }

    @Test("C: the compute examples draw render's frames, byte for byte, on GLES 3.1", arguments: Self.examples)
    func c(example: String) throws {
        _ = try ExportFaithfulnessTests.checkC(example)
    }

    @Test("C and Swift: a one-channel image read by a second node, work groups from a uniform and a buffer wired into a pass draw render's frames")
    func oneChannelChain() throws {
        let folder = try TemporaryFolder()
        let composition = try Self.oneChannelChain(in: folder)
        _ = try ExportFaithfulnessTests.checkC(composition)
        try ExportFaithfulnessTests.checkSwift([composition])
    }

    @Test("C: setting a published uniform that the work groups are counted from, after a frame, counts them again: the frames are render's with it set")
    func reshapedByParameter() throws {
        let folder = try TemporaryFolder()
        let chain = try String(contentsOfFile: try Self.oneChannelChain(in: folder), encoding: .utf8)
        let composition = try folder.write("published.yaml", chain + "\npublish: [shade.columns]\n")
        let export = try runShaderbench(["export", composition, "--c", folder.path])
        try #require(export.status == 0, "\(export.error)")
        // A frame at 10 columns, then 6: the work groups must be counted again, not kept from the first frame.
        let setup = """
            { GLuint first; glGenTextures(1, &first); glBindTexture(GL_TEXTURE_2D, first);
              glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 48, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
              CHECK(published_process(graph, 0, 0, first, 48, 32)); glDeleteTextures(1, &first); }
            published_set_shade_columns(graph, 6);
            """
        let harness = try ExportBuild.compileC(prefix: "published", in: folder.path, setup: setup)
        try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: true)
        try ExportBuild.require(try ExportBuild.run(harness, [folder.file("out"), "48", "32", "1", "30"], in: folder.path), "the C harness")
        let render = try runShaderbench(["render", composition, "--set", "shade.columns=6", "--out", folder.file("six.png")])
        try #require(render.status == 0, "\(render.error)")
        let expected = try ImageFile.read(path: folder.file("six.png"))
        let frame = RGBAImage(width: 48, height: 32, pixels: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("out/frame-0.rgba")))))
        ExportFaithfulnessTests.compare([frame], with: [expected], what: "columns set to 6")
        #expect(expected.pixels[(5 * 48 + 30) * 4 + 3] == 0, "column 30 is past 6 groups of 4, which render leaves empty")
    }

    @Test("C: the runtime compiled with compute draws under the address, leak and undefined-behaviour sanitizers, which report nothing")
    func sanitized() throws {
        let errors = try ExportFaithfulnessTests.checkC(Self.examples[0], flags: CRuntimeTests.sanitizerFlags, environment: CRuntimeTests.sanitizerEnvironment)
        #expect(!errors.contains("Sanitizer") && !errors.contains("runtime error"), "\(errors)")
    }

    @Test("C: the header asks for GLES 3.1, and a 3.0 context is refused at creation, naming the node")
    func refusesES30() throws {
        let folder = try TemporaryFolder()
        let export = try runShaderbench(["export", Self.examples[3], "--c", folder.path])
        try #require(export.status == 0, "\(export.error)")
        let header = try String(contentsOfFile: folder.file("compute_shader_format.h"), encoding: .utf8)
        #expect(header.contains("#include <GLES3/gl31.h>") && header.contains("OpenGL ES 3.1 context"), "\(header.prefix(600))")
        let harness = try ExportBuild.compileC(prefix: "compute_shader_format", in: folder.path, setup: "")
        var environment = ProcessInfo.processInfo.environment
        environment["MESA_GLES_VERSION_OVERRIDE"] = "3.0"
        let run = try ExportBuild.run(harness, [folder.path, "8", "8", "1", "30"], in: folder.path, environment: environment)
        #expect(run.status != 0)
        #expect(run.error.contains("create failed: node 'graded': this GL context is OpenGL ES 3.0; compute kernels need OpenGL ES 3.1"), "\(run.error)")
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

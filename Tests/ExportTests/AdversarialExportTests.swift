import Foundation
import Images
import TestSupport
import Testing

/// Nothing a composition or shader holds can break or inject into generated code: shader text with `"""`,
/// `\(`, `*/`, quotes, backslashes, `??=` trigraphs, a NUL byte and non-ASCII; names that are keywords,
/// start with digits, or collide once made into identifiers. The export still compiles with warnings as
/// errors, draws what `render` draws, and its setters clamp to the shader's ranges.
@Suite("Exports of hostile names and text", .serialized)
struct AdversarialExportTests {
    static let shader = """
        // Text that breaks naive generators: \"\"\" \\( */ /* \" \\ \\\\ ??= ??/ ??' é 漢字 🎨 \u{7f} ${x} %s %n
        precision mediump float;
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        uniform float func;   // default: 0.5, range: 0...1, label: "ends */ here \\ and ??= é"
        uniform float self;   // default: 0.25, range: 0...0.5
        uniform float auto;   // default: 1
        uniform vec3 tint_a;  // default: [1, 0.5, 0.25], range: 0...1
        uniform vec3 tintA;   // default: [0.5, 1, 1]
        void main() {
            vec4 colour = texture2D(inputImageTexture, textureCoordinate); // "quoted" \\(interpolation) */
            gl_FragColor = vec4(colour.rgb * tint_a * tintA * func + vec3(self) * auto, colour.a);
        }
        // A NUL byte ends what the driver sees: \u{0} \"\"\" */ }
        """

    /// Named to start with a digit and end in a keyword of both languages.
    static let compositionName = "3-default.yaml"

    static let composition = """
        # \"\"\" \\( */ ??= é 漢字: none of this reaches generated code as code
        composition: 1
        size: [320, 200]
        nodes:
          default: { kind: image, file: photo.png }
          class:
            kind: shader
            file: "odd \\"name\\" ??=.fsh"
            inputs: { inputImageTexture: default }
          a-b:
            kind: shader
            file: "odd \\"name\\" ??=.fsh"
            inputs: { inputImageTexture: class }
            uniforms: { func: 0.9 }
          a_b:
            kind: shader
            file: "odd \\"name\\" ??=.fsh"
            inputs: { inputImageTexture: a-b }
            mapping: { inputImageTexture: fit }
        output: a_b
        publish: [class.func, class.self, class.auto, a-b.tint_a, a_b.tint_a, a_b.tintA]
        """

    static func prepare() throws -> (folder: TemporaryFolder, composition: String) {
        let folder = try TemporaryFolder()
        var image = try ImageFile.read(path: Repository.path("images/landscape.jpg"))
        image = RGBAImage(width: 400, height: 250, pixels: Array(image.pixels.prefix(400 * 250 * 4)))
        try ImageFile.writePNG(image, to: folder.file("photo.png"))
        try Data(image.pixels).write(to: URL(fileURLWithPath: folder.file("photo.rgba")))
        try folder.write("odd \"name\" ??=.fsh", shader)
        return (folder, try folder.write(compositionName, composition))
    }

    /// `render` with the two settings the generated setters are given below: one out of range (clamped to
    /// 1), one inside it.
    static func reference(_ composition: String, in folder: TemporaryFolder) throws -> RGBAImage {
        let result = try runShaderbench(["render", composition, "--out", folder.file("reference-%d.png"),
                                         "--set", "class.func=1", "--set", "a_b.tintA=0.25,0.5,2"], in: folder.path)
        try #require(result.status == 0, "\(result.error)")
        return try ImageFile.read(path: folder.file("reference-0.png"))
    }

    @Test("C: keywords, digits, collisions and hostile text compile cleanly and draw as render does; NaN and infinities set nothing")
    func c() throws {
        let (folder, composition) = try Self.prepare()
        let reference = try Self.reference(composition, in: folder)
        let export = try runShaderbench(["export", composition, "--c", folder.file("c")], in: folder.path)
        try #require(export.status == 0, "\(export.error)")
        let header = try String(contentsOfFile: folder.file("c/graph_3_default.h"), encoding: .utf8)
        let source = try String(contentsOfFile: folder.file("c/graph_3_default.c"), encoding: .utf8)
        for name in ["graph_3_default_set_input_default", "graph_3_default_set_class_func", "graph_3_default_set_class_self",
                     "graph_3_default_set_class_auto", "graph_3_default_set_a_b_tint_a", "graph_3_default_set_a_b_tint_a_2",
                     "graph_3_default_set_a_b_tint_a_3"] {
            #expect(header.contains(name + "("), "the header declares \(name)")
        }
        #expect(!source.unicodeScalars.contains { $0.value == 0 || $0.value > 0x7e && $0.value != 0 }, "the source is plain ASCII")
        #expect(!header.unicodeScalars.contains { $0.value > 0x7e }, "the header is plain ASCII")
        // Misuse first: errors come back with a reason, and the graph stays usable.
        let setup = """
            if (graph_3_default_process(graph, 0, 0, 1, 16, 16) != GRAPH_3_DEFAULT_ERROR_MISSING_INPUT
                || !strstr(graph_3_default_last_error(graph), "input 'default' has no texture")) return 4;
            if (graph_3_default_resize(graph, -1, 5) != GRAPH_3_DEFAULT_ERROR_ARGUMENT) return 5;
            if (graph_3_default_set_input_default(graph, 0, 400, 250) != GRAPH_3_DEFAULT_ERROR_ARGUMENT) return 6;
            CHECK(graph_3_default_set_input_default(graph, load_rgba("\(folder.file("photo.rgba"))", 400, 250), 400, 250));
            graph_3_default_set_class_func(graph, 5.0f);
            graph_3_default_set_a_b_tint_a_3(graph, 0.25f, 0.5f, 2.0f);
            /* NaN and the infinities change nothing. */
            graph_3_default_set_class_func(graph, NAN);
            graph_3_default_set_a_b_tint_a_3(graph, INFINITY, 0.5f, -INFINITY);
            """
        let harness = try ExportBuild.compileC(prefix: "graph_3_default", in: folder.file("c"), setup: setup)
        try ExportBuild.require(ExportBuild.run(harness, [folder.path, "320", "200", "1", "30"], in: folder.file("c")), "the C harness")
        let pixels = try Data(contentsOf: URL(fileURLWithPath: folder.file("frame-0.rgba")))
        let difference = RGBAImage(width: 320, height: 200, pixels: [UInt8](pixels)).difference(from: reference)
        #expect(difference.largest == 0, "\(difference.count) bytes differ, by up to \(difference.largest)")
    }

    @Test("Swift: keywords, digits, collisions and hostile text compile and draw as render does; NaN and infinities set nothing")
    func swift() throws {
        let (folder, composition) = try Self.prepare()
        let reference = try Self.reference(composition, in: folder)
        let export = try runShaderbench(["export", composition, "--swift", folder.file("swift")], in: folder.path)
        try #require(export.status == 0, "\(export.error)")
        let source = try String(contentsOfFile: folder.file("swift/Graph3Default.swift"), encoding: .utf8)
        for member in ["func setDefault(texture:", "var func_: Float", "var self_: Float", "var auto: Float",
                       "var aBTintA: SIMD3<Float>", "var aBTintA2: SIMD3<Float>", "var tintA: SIMD3<Float>"] {
            #expect(source.contains(member), "the class has \(member)")
        }
        #expect(!source.unicodeScalars.contains { $0.value > 0x7e }, "the source is plain ASCII")
        let setup = """
            import Images

            extension Graph3Default: ExportedGraph {}

            func makeGraph(_ name: String, input: RGBAImage, inputTexture: UInt32) throws -> any ExportedGraph {
                let graph = try Graph3Default()
                try graph.setDefault(pixels: input.pixels, width: input.width, height: input.height)
                graph.func_ = 5
                graph.tintA = SIMD3(0.25, 0.5, 2)
                precondition(graph.func_ == 1 && graph.tintA == SIMD3(0.25, 0.5, 2), "setters clamp to the shader's ranges only")
                graph.func_ = .nan
                graph.func_ = .infinity
                graph.tintA = SIMD3(.infinity, 0.5, -.infinity)
                precondition(graph.func_ == 1 && graph.tintA == SIMD3(0.25, 0.5, 2), "NaN and the infinities change nothing")
                return graph
            }

            """
        try setup.write(toFile: folder.file("Setup.swift"), atomically: true, encoding: .utf8)
        let harness = try ExportBuild.compileSwift([folder.file("swift/Graph3Default.swift"), folder.file("Setup.swift")], in: folder.path)
        try ExportBuild.require(ExportBuild.run(harness, ["Graph3Default", folder.file("photo.png"), folder.path, "320", "200", "1", "30"],
                                                in: folder.path), "the Swift harness")
        let difference = try ImageFile.read(path: folder.file("frame-0.png")).difference(from: reference)
        #expect(difference.largest == 0, "\(difference.count) bytes differ, by up to \(difference.largest)")
    }
}

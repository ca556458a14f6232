import Foundation
import Images
import TestSupport
import Testing

/// Every example composition, exported to C and to Swift, compiled by the real compilers and run headless
/// on the same input as `shaderbench render`: the frames are the same, byte for byte.
@Suite("Exported code draws the workbench's pixels", .serialized)
struct ExportFaithfulnessTests {
    /// Same GL, same shaders, same draws: nothing is left to round differently.
    static let tolerance = 0
    static let frames = 3
    static let fps = 30.0

    /// The shipped photo, decoded by the workbench, as the input every export and render gets.
    static func inputImage(in folder: TemporaryFolder) throws -> RGBAImage {
        let image = try ImageFile.read(path: Repository.path("images/landscape.jpg"))
        try ImageFile.writePNG(image, to: folder.file("input.png"))
        try Data(image.pixels).write(to: URL(fileURLWithPath: folder.file("input.rgba")))
        return image
    }

    /// `render`'s frames, with the input in place of the live source when the composition has inputs.
    static func reference(_ path: String, hasInputs: Bool, in folder: TemporaryFolder) throws -> [RGBAImage] {
        let arguments = ["render", path, "--out", folder.file("reference-%d.png"),
                         "--frames", "\(frames)", "--fps", "\(fps)"] + (hasInputs ? ["--input", folder.file("input.png")] : [])
        let result = try runShaderbench(arguments)
        #expect(result.status == 0, "\(result.error)")
        return try (0..<frames).map { try ImageFile.read(path: folder.file("reference-\($0).png")) }
    }

    static func compare(_ frames: [RGBAImage], with reference: [RGBAImage], what: String) {
        for (index, (frame, expected)) in zip(frames, reference).enumerated() {
            #expect(frame.width == expected.width && frame.height == expected.height, "\(what) frame \(index) size")
            let difference = frame.difference(from: expected)
            #expect(difference.largest <= tolerance, "\(what) frame \(index): \(difference.count) bytes differ, by up to \(difference.largest)")
        }
    }

    @Test("the examples to export are found")
    func examplesFound() {
        #expect(Repository.compositions.count >= 6, "\(Repository.compositions)")
    }

    @Test("C: each example matches render", arguments: Repository.compositions)
    func c(composition: String) throws {
        try Self.checkC(Repository.path("compositions/\(composition)"))
    }

    @Test("C: a lone shader exports as the one-node composition render opens it as, its input fed by the app")
    func loneShader() throws {
        try Self.checkC(Repository.path("shaders/sepia.fsh"))
    }

    @Test("C: a shader longer than the 4095 bytes a C99 compiler must take in one string is carried in pieces, and draws as render does")
    func longShader() throws {
        let folder = try TemporaryFolder()
        let fades = (0..<200).map { "    colour.rgb = colour.rgb * 0.999 + vec3(\(Double($0) / 100_000));   // step \($0) of a long fade" }
        let path = try folder.write("long.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            // \(String(repeating: "a line longer than a piece, ", count: 200))
            void main() {
                lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
            \(fades.joined(separator: "\n"))
                gl_FragColor = colour;
            }
            """)
        try Self.checkC(path)
    }

    @Test("C: a VS Code Shader Toy shader with a picture channel and another shader file's pass, which reads its own last frame, matches render")
    func vsCodeShaderToy() throws {
        let folder = try TemporaryFolder()
        // The picture is the photo the harness feeds every input, so the app's texture and the file agree.
        try ImageFile.writePNG(try ImageFile.read(path: Repository.path("images/landscape.jpg")), to: folder.file("photo.png"))
        try folder.write("warp.glsl", """
            #iChannel0 "self"
            #iChannel0::WrapMode "Clamp"
            void main() {
                vec2 uv = gl_FragCoord.xy / iResolution.xy;
                gl_FragColor = mix(vec4(fract(uv * 2.0 + iTime), 0.0, 1.0), texture2D(iChannel0, uv + 0.01), 0.5);
            }
            """)
        let path = try folder.write("look.glsl", """
            #iChannel0 "file://photo.png"
            #iChannel1 "warp.glsl"
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec2 uv = fragCoord / iResolution.xy;
                fragColor = texture(iChannel0, texture(iChannel1, uv).rg) + vec4(iChannelResolution[0].xy / 10000.0, 0.0, 0.0);
            }
            """)
        try Self.checkC(path)
    }

    @Test("C: a chain of ISF colour filters, drawn as one program, matches render")
    func fusedISFChain() throws {
        let folder = try TemporaryFolder()
        let tint = Repository.path("shaders/isf/tint.fs")
        let path = try folder.write("graded.yaml", """
            nodes:
              photo: { kind: image, file: \(Repository.path("images/landscape.jpg")) }
              warm: { kind: shader, file: \(tint), inputs: { inputImage: photo }, uniforms: { amount: 0.3 } }
              cool: { kind: shader, file: \(tint), inputs: { inputImage: warm }, uniforms: { tint: [0.6, 0.8, 1.0, 1.0], brightness: 0.1 } }
            output: cool
            """)
        let plan = try runShaderbench(["check", "--plan", path])
        #expect(plan.output.contains("drawn as one program: warm + cool"), "\(plan.output)")
        try Self.checkC(path)
    }

    @Test("C: inputs are read as each shader's host reads them, as render reads them: glslViewer repeats, ShaderToy repeats a picture and clamps a pass")
    func hostSampling() throws {
        let folder = try TemporaryFolder()
        // Red on the left texel, blue on the right.
        try ImageFile.writePNG(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]), to: folder.file("split.png"))
        // At 4×1, pixel centres are at x = 0.125 … 0.875; doubled, 0.25 … 1.75, the last two past the right edge.
        try folder.write("tiles.frag", """
            uniform sampler2D u_tex0;
            varying vec2 v_texcoord;
            void main() { gl_FragColor = texture2D(u_tex0, vec2(v_texcoord.x * 2.0, 0.5)); }
            """)
        try folder.write("toy.glsl", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                float u = fragCoord.x / iResolution.x * 2.0;
                fragColor = vec4(texture(iChannel0, vec2(u, 0.5)).r, 0.0, texture(iChannel1, vec2(u, 0.5)).b, 1.0);
            }
            """)
        let path = try folder.write("hosts.yaml", """
            size: [4, 1]
            nodes:
              split: { kind: image, file: split.png }
              tiles: { kind: shader, file: tiles.frag, inputs: { u_tex0: split } }
              toy: { kind: shader, file: toy.glsl, inputs: { iChannel0: split, iChannel1: tiles } }
            output: toy
            """)
        let render = try runShaderbench(["render", path, "--out", folder.file("render.png")])
        try #require(render.status == 0, "\(render.error)")
        let pixels = try ImageFile.read(path: folder.file("render.png")).pixels
        // The picture repeats: red, blue, red, blue. The pass (tiles, itself red, blue, red, blue) is read
        // bilinear and clamped: 0.25 and 0.75 fall between two of its texels, red and blue, and past 1 its
        // last texel holds.
        #expect((0..<4).map { pixels[$0 * 4] } == [255, 0, 255, 0])
        let blues = (0..<4).map { Int(pixels[$0 * 4 + 2]) }
        #expect(zip(blues, [128, 128, 255, 255]).allSatisfy { abs($0 - $1) <= 1 }, "\(blues)")
        try Self.checkC(path)
    }

    /// Exports `path` (a composition or a lone shader) to C, feeds every input the shipped photo, and
    /// compares the frames with `render`'s on the same photo. The harness is built with `flags` added and
    /// run in `environment`; what it printed to its standard error is returned.
    @discardableResult
    static func checkC(_ path: String, flags: [String] = [], environment: [String: String]? = nil) throws -> String {
        let folder = try TemporaryFolder()
        let input = try Self.inputImage(in: folder)
        let export = try runShaderbench(["export", path, "--c", folder.path])
        try #require(export.status == 0, "\(export.error)")
        let header = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".h") })
        let prefix = String(header.dropLast(2))
        let headerText = try String(contentsOfFile: folder.file(header), encoding: .utf8)
        let setters = Self.matches(of: "(\(prefix)_set_input_[a-z0-9_]+)\\(", in: headerText)
        let setup = setters.map { "CHECK(\($0)(graph, load_rgba(\"\(folder.file("input.rgba"))\", \(input.width), \(input.height)), \(input.width), \(input.height)));" }
        let reference = try Self.reference(path, hasInputs: !setters.isEmpty, in: folder)
        let harness = try ExportBuild.compileC(prefix: prefix, in: folder.path, setup: setup.joined(separator: "\n"), flags: flags)
        try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: true)
        let size = try #require(reference.first)
        let run = try ExportBuild.run(harness, [folder.file("out"), "\(size.width)", "\(size.height)", "\(Self.frames)", "\(Self.fps)"],
                                      in: folder.path, environment: environment)
        try ExportBuild.require(run, "the C harness")
        let frames = try (0..<Self.frames).map { index in
            RGBAImage(width: size.width, height: size.height,
                      pixels: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("out/frame-\(index).rgba")))))
        }
        Self.compare(frames, with: reference, what: "\((path as NSString).lastPathComponent) in C")
        return run.error
    }

    /// All the examples in one Swift program, the way an app would hold several; inputs go in as
    /// textures for some and as pixels for others.
    @Test("Swift: every example matches render")
    func swift() throws {
        try Self.checkSwift(Repository.compositions.map { Repository.path("compositions/\($0)") })
    }

    /// Exports each of `compositions` (paths) to Swift, builds them into one program and checks that each draws
    /// `render`'s frames.
    static func checkSwift(_ compositions: [String]) throws {
        let folder = try TemporaryFolder()
        _ = try Self.inputImage(in: folder)
        var sources: [String] = []
        var cases: [String] = []
        var runs: [(composition: String, type: String, hasInputs: Bool)] = []
        for (number, composition) in compositions.enumerated() {
            let directory = folder.file("swift-\(number)")
            let export = try runShaderbench(["export", composition, "--swift", directory])
            try #require(export.status == 0, "\(export.error)")
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".swift") })
            let type = String(file.dropLast(6))
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            let setters = Set(Self.matches(of: "public func (set[A-Za-z0-9_]+)\\(texture:", in: text)).sorted()
            let feeds = setters.map { setter in
                number.isMultiple(of: 2) ? "try graph.\(setter)(texture: inputTexture, width: input.width, height: input.height)"
                    : "try graph.\(setter)(pixels: input.pixels, width: input.width, height: input.height)"
            }
            cases.append("    case \"\(type)\":\n        let graph = try \(type)()\n" + feeds.map { "        \($0)\n" }.joined() + "        return graph")
            sources.append(directory + "/" + file)
            runs.append((composition, type, !setters.isEmpty))
        }
        let conformances = runs.map { "extension \($0.type): ExportedGraph {}" }.joined(separator: "\n")
        let setup = """
            import Images

            \(conformances)

            func makeGraph(_ name: String, input: RGBAImage, inputTexture: UInt32) throws -> any ExportedGraph {
                switch name {
            \(cases.joined(separator: "\n"))
                default: fatalError("no exported type \\(name)")
                }
            }

            """
        try setup.write(toFile: folder.file("Setup.swift"), atomically: true, encoding: .utf8)
        let harness = try ExportBuild.compileSwift(sources + [folder.file("Setup.swift")], in: folder.path)
        for run in runs {
            let reference = try Self.reference(run.composition, hasInputs: run.hasInputs, in: folder)
            let out = folder.file("out-\(run.type)")
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let size = try #require(reference.first)
            try ExportBuild.require(ExportBuild.run(harness, [run.type, folder.file("input.png"), out, "\(size.width)", "\(size.height)",
                                                              "\(Self.frames)", "\(Self.fps)"], in: folder.path), "the Swift harness for \(run.type)")
            let frames = try (0..<Self.frames).map { try ImageFile.read(path: "\(out)/frame-\($0).png") }
            Self.compare(frames, with: reference, what: "\(run.composition) in Swift")
        }
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

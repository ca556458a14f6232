import Foundation
import Images
import TestSupport
import Testing

/// One composition with every node kind an export carries (an ISF shader with a float target and a
/// persistent one sized by an expression, feedback, ShaderToy with a repeated, mipmapped channel, a flipped
/// one and one reading the previous frame of a pass drawn after it, a glslViewer shader, a GLSL Sandbox one
/// reading its backbuffer, reductions, value arithmetic, an LFO, the clock, a curve node and a published parameter
/// with keys) exported both ways and run for several frames: each frame is render's, byte for byte. Compute and
/// buffer nodes have theirs in `ComputeExportTests`.
@Suite("Exports carry every node kind", .serialized)
struct ExportCoverageTests {
    static let frames = 4

    static let toy = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            // Tiled and minified: its sampling repeats and reads mipmaps.
            vec2 uv = fragCoord / iResolution.xy * 1.5;
            vec4 c = texture(iChannel0, uv);
            float rate = iSampleRate / 44100.0;
            // The output's last frame and the photo, both upside down.
            vec3 echo = texture(iChannel1, fragCoord / iResolution.xy).rgb * 0.25 + texture(iChannel2, fragCoord / iResolution.xy).rgb * 0.25;
            fragColor = vec4(c.rgb * 0.5 * rate * (0.75 + 0.25 * sin(iChannelTime[0] * 3.0 + float(iFrame))) + echo, 1.0);
        }
        """

    static let accumulate = """
        /*{
            "ISFVSN": "2.0",
            "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" }, { "NAME": "cells", "TYPE": "float", "DEFAULT": 4.0 } ],
            "PASSES": [
                { "TARGET": "small", "WIDTH": "floor($WIDTH / $cells)", "HEIGHT": "floor($HEIGHT / $cells)", "FLOAT": true },
                { "TARGET": "history", "PERSISTENT": true },
                { }
            ]
        }*/
        void main() {
            if (PASSINDEX == 0) gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord);
            else if (PASSINDEX == 1) gl_FragColor = mix(IMG_NORM_PIXEL(history, isf_FragNormCoord), IMG_NORM_PIXEL(small, isf_FragNormCoord), 0.5);
            else gl_FragColor = IMG_NORM_PIXEL(history, isf_FragNormCoord) + vec4(vec3(TIME * 0.05), 0.0);
        }
        """

    /// glslViewer's clock, size, image size and y-up coordinates, all in one.
    static let book = """
        precision highp float;
        uniform sampler2D u_tex0;
        uniform vec2 u_tex0Resolution;
        uniform vec2 u_resolution;
        uniform float u_time;
        uniform int u_frame;
        uniform float u_delta;
        varying vec2 v_texcoord;
        void main() {
            vec2 st = gl_FragCoord.xy / u_resolution;
            vec4 c = texture2D(u_tex0, vec2(v_texcoord.x, st.y) + vec2(0.5) / u_tex0Resolution);
            gl_FragColor = vec4(c.rgb * (0.8 + 0.1 * sin(u_time + float(u_frame) * u_delta)) + vec3(st.y * 0.1), 1.0);
        }
        """

    /// GLSL Sandbox's clock, size, resting mouse, surface and backbuffer.
    static let sandbox = """
        precision highp float;
        uniform float time;
        uniform vec2 mouse;
        uniform vec2 resolution;
        uniform sampler2D backbuffer;
        uniform sampler2D picture;
        varying vec2 surfacePosition;
        void main() {
            vec2 position = gl_FragCoord.xy / resolution;
            vec4 last = texture2D(backbuffer, position);
            gl_FragColor = vec4(mix(texture2D(picture, position).rgb, last.rgb, 0.5) + vec3(surfacePosition * mouse, sin(time)) * 0.1, 1.0);
        }
        """

    static let mixer = """
        varying highp vec2 textureCoordinate;
        varying highp vec2 textureCoordinate2;
        uniform sampler2D inputImageTexture;
        uniform sampler2D inputImageTexture2;
        uniform highp float amount;    // default: 0.5, range: 0...1
        uniform highp vec3 average;
        uniform highp vec2 extremes;
        void main() {
            vec4 a = texture2D(inputImageTexture, textureCoordinate);
            vec4 b = texture2D(inputImageTexture2, textureCoordinate2);
            gl_FragColor = vec4(mix(a, b, amount).rgb * average * 2.0 * (extremes.y - extremes.x + 0.5), 1.0);
        }
        """

    static let composition = """
        composition: 1
        size: [320, 180]
        nodes:
          photo: { kind: image, file: photo.png }
          blur: { kind: shader, filter: gaussian-blur, inputs: { inputImage: photo } }
          trail:
            kind: shader
            filter: low-pass
            inputs: { inputImageTexture: blur, previousOutput: trail }
            uniforms: { filterStrength: 0.7 }
          toy:
            kind: shader
            file: toy.fsh
            inputs: { iChannel0: trail, iChannel1: final, iChannel2: photo }
            previous: [iChannel1]
            sampling: { iChannel0: { filter: mipmap, wrap: repeat }, iChannel1: { flip: true }, iChannel2: { flip: true } }
          accumulate: { kind: shader, file: accumulate.fs, inputs: { inputImage: photo } }
          sandbox: { kind: shader, file: sandbox.frag, inputs: { picture: accumulate } }
          book: { kind: shader, file: book.frag, inputs: { u_tex0: sandbox } }
          wave: { kind: lfo, waveform: triangle, rate: 2.5 }
          clock: { kind: time }
          fade: { kind: curve, keys: [[0, 0.1], [0.04, 0.3, [bezier, 0.3, 0, 0.7, 1.2]], [0.07, 0.05, smooth], [0.09, 0.2]], ping-pong: true }
          sum: { kind: add, values: [wave, clock, fade] }
          steady: { kind: smooth, value: sum, factor: 0.5 }
          amount: { kind: clamp, value: steady, min: 0, max: 1 }
          colour: { kind: average, input: photo }
          range: { kind: minmax, input: trail }
          bins: { kind: histogram, input: photo, channels: rgb }
          final:
            kind: shader
            file: mixer.fsh
            inputs: { inputImageTexture: toy, inputImageTexture2: book }
            uniforms: { amount: amount, average: colour.rgb, extremes: range }
        output: final
        publish: [final.amount, trail.filterStrength]
        animate:
          trail.filterStrength: [[0, 0.2], [0.03, 0.9, smooth], [0.05, 0.5, hold], [0.08, 0.7]]
        """

    static func prepare() throws -> (folder: TemporaryFolder, composition: String, input: RGBAImage) {
        let folder = try TemporaryFolder()
        let image = try ImageFile.read(path: Repository.path("images/landscape.jpg"))
        try ImageFile.writePNG(image, to: folder.file("photo.png"))
        try Data(image.pixels).write(to: URL(fileURLWithPath: folder.file("photo.rgba")))
        try folder.write("toy.fsh", toy)
        try folder.write("accumulate.fs", accumulate)
        try folder.write("mixer.fsh", mixer)
        try folder.write("book.frag", book)
        try folder.write("sandbox.frag", sandbox)
        return (folder, try folder.write("everything.yaml", composition), image)
    }

    static func reference(_ composition: String, in folder: TemporaryFolder) throws -> [RGBAImage] {
        let result = try runShaderbench(["render", composition, "--out", folder.file("reference-%d.png"), "--frames", "\(frames)"], in: folder.path)
        try #require(result.status == 0, "\(result.error)")
        return try (0..<frames).map { try ImageFile.read(path: folder.file("reference-\($0).png")) }
    }

    @Test("C")
    func c() throws {
        let (folder, composition, input) = try Self.prepare()
        let reference = try Self.reference(composition, in: folder)
        let export = try runShaderbench(["export", composition, "--c", folder.file("c")], in: folder.path)
        try #require(export.status == 0, "\(export.error)")
        let setup = """
            CHECK(everything_set_input_photo(graph, load_rgba("\(folder.file("photo.rgba"))", \(input.width), \(input.height)), \(input.width), \(input.height)));
            """
        let harness = try ExportBuild.compileC(prefix: "everything", in: folder.file("c"), setup: setup)
        try ExportBuild.require(ExportBuild.run(harness, [folder.path, "320", "180", "\(Self.frames)", "30"], in: folder.file("c")), "the C harness")
        for (index, expected) in reference.enumerated() {
            let pixels = try Data(contentsOf: URL(fileURLWithPath: folder.file("frame-\(index).rgba")))
            let difference = RGBAImage(width: 320, height: 180, pixels: [UInt8](pixels)).difference(from: expected)
            #expect(difference.largest == 0, "frame \(index): \(difference.count) bytes differ, by up to \(difference.largest)")
        }
    }

    @Test("Swift")
    func swift() throws {
        let (folder, composition, _) = try Self.prepare()
        let reference = try Self.reference(composition, in: folder)
        let export = try runShaderbench(["export", composition, "--swift", folder.file("swift")], in: folder.path)
        try #require(export.status == 0, "\(export.error)")
        let setup = """
            import Images

            extension Everything: ExportedGraph {}

            func makeGraph(_ name: String, input: RGBAImage, inputTexture: UInt32) throws -> any ExportedGraph {
                let graph = try Everything()
                try graph.setPhoto(texture: inputTexture, width: input.width, height: input.height)
                return graph
            }

            """
        try setup.write(toFile: folder.file("Setup.swift"), atomically: true, encoding: .utf8)
        let harness = try ExportBuild.compileSwift([folder.file("swift/Everything.swift"), folder.file("Setup.swift")], in: folder.path)
        try ExportBuild.require(ExportBuild.run(harness, ["Everything", folder.file("photo.png"), folder.path, "320", "180", "\(Self.frames)", "30"],
                                                in: folder.path), "the Swift harness")
        for (index, expected) in reference.enumerated() {
            let difference = try ImageFile.read(path: folder.file("frame-\(index).png")).difference(from: expected)
            #expect(difference.largest == 0, "frame \(index): \(difference.count) bytes differ, by up to \(difference.largest)")
        }
    }
}

import Foundation
import Images
import TestSupport
import Testing

/// GPUImage's shaders as they drop in, exported both ways and run for several frames: a two-pass optimised
/// Gaussian and a box blur (blurCoordinates), a two-input neighbourhood, a sharpen with its own .vsh, a
/// reduction's corners, and a blend that reads its target (gl_LastFragData), fetched and, in C built
/// without framebuffer fetch, read from a texture as `render --without-framebuffer-fetch` reads it. Each
/// frame is render's, byte for byte.
@Suite("Exports of GPUImage's shaders", .serialized)
struct GPUImageExportTests {
    static let frames = 4
    static let size = (width: 96, height: 64)

    static let gaussian = """
        uniform sampler2D inputImageTexture;
        uniform highp float texelWidthOffset;
        uniform highp float texelHeightOffset;
        varying highp vec2 blurCoordinates[5];
        void main() {
            lowp vec4 sum = vec4(0.0);
            sum += texture2D(inputImageTexture, blurCoordinates[0]) * 0.204164;
            sum += texture2D(inputImageTexture, blurCoordinates[1]) * 0.304005;
            sum += texture2D(inputImageTexture, blurCoordinates[2]) * 0.304005;
            sum += texture2D(inputImageTexture, blurCoordinates[3]) * 0.093913;
            sum += texture2D(inputImageTexture, blurCoordinates[4]) * 0.093913;
            gl_FragColor = sum;
        }
        """

    static let box = """
        const lowp int SAMPLES = 3;
        uniform sampler2D inputImageTexture;
        varying highp vec2 blurCoordinates[SAMPLES];
        void main() {
            gl_FragColor = (texture2D(inputImageTexture, blurCoordinates[0]) + 2.0 * texture2D(inputImageTexture, blurCoordinates[1])
                + 2.0 * texture2D(inputImageTexture, blurCoordinates[2])) / 5.0;
        }
        """

    static let cross = """
        varying highp vec2 textureCoordinate;
        varying highp vec2 textureCoordinate2;
        varying highp vec2 leftTextureCoordinate2;
        varying highp vec2 rightTextureCoordinate2;
        varying highp vec2 topTextureCoordinate2;
        varying highp vec2 bottomTextureCoordinate2;
        uniform sampler2D inputImageTexture;
        uniform sampler2D inputImageTexture2;
        void main() {
            lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
            lowp vec4 detail = 4.0 * texture2D(inputImageTexture2, textureCoordinate2)
                - texture2D(inputImageTexture2, leftTextureCoordinate2) - texture2D(inputImageTexture2, rightTextureCoordinate2)
                - texture2D(inputImageTexture2, topTextureCoordinate2) - texture2D(inputImageTexture2, bottomTextureCoordinate2);
            gl_FragColor = vec4(base.rgb + detail.rgb, 1.0);
        }
        """

    static let sharpenVertex = """
        attribute vec4 position;
        attribute vec4 inputTextureCoordinate;
        uniform float texelWidth;
        uniform float texelHeight;
        uniform float sharpness;
        varying vec2 textureCoordinate;
        varying vec2 leftTextureCoordinate;
        varying vec2 rightTextureCoordinate;
        varying float centreWeight;
        varying float edgeWeight;
        void main() {
            gl_Position = position;
            textureCoordinate = inputTextureCoordinate.xy;
            leftTextureCoordinate = textureCoordinate - vec2(texelWidth, 0.0);
            rightTextureCoordinate = textureCoordinate + vec2(texelWidth, 0.0);
            centreWeight = 1.0 + 2.0 * sharpness;
            edgeWeight = sharpness;
        }
        """

    static let sharpenFragment = """
        precision highp float;
        uniform sampler2D inputImageTexture;
        varying vec2 textureCoordinate;
        varying vec2 leftTextureCoordinate;
        varying vec2 rightTextureCoordinate;
        varying float centreWeight;
        varying float edgeWeight;
        void main() {
            vec4 centre = texture2D(inputImageTexture, textureCoordinate);
            vec3 edges = texture2D(inputImageTexture, leftTextureCoordinate).rgb + texture2D(inputImageTexture, rightTextureCoordinate).rgb;
            gl_FragColor = vec4(centre.rgb * centreWeight - edges * edgeWeight, 1.0);
        }
        """

    static let trail = """
        #extension GL_EXT_shader_framebuffer_fetch : require
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() {
            gl_FragColor = mix(gl_LastFragData[0], texture2D(inputImageTexture, textureCoordinate), 0.4);
        }
        """

    static let average = """
        uniform sampler2D inputImageTexture;
        varying highp vec2 outputTextureCoordinate;
        varying highp vec2 upperLeftInputTextureCoordinate;
        varying highp vec2 upperRightInputTextureCoordinate;
        varying highp vec2 lowerLeftInputTextureCoordinate;
        varying highp vec2 lowerRightInputTextureCoordinate;
        void main() {
            gl_FragColor = 0.25 * (texture2D(inputImageTexture, upperLeftInputTextureCoordinate) + texture2D(inputImageTexture, upperRightInputTextureCoordinate)
                + texture2D(inputImageTexture, lowerLeftInputTextureCoordinate) + texture2D(inputImageTexture, lowerRightInputTextureCoordinate));
        }
        """

    static let final = """
        varying highp vec2 textureCoordinate;
        varying highp vec2 textureCoordinate2;
        uniform sampler2D inputImageTexture;
        uniform sampler2D inputImageTexture2;
        void main() {
            gl_FragColor = mix(texture2D(inputImageTexture, textureCoordinate), texture2D(inputImageTexture2, textureCoordinate2), 0.3);
        }
        """

    static let composition = """
        composition: 1
        size: [96, 64]
        nodes:
          photo: { kind: image, file: photo.png }
          vertical: { kind: shader, file: gaussian.fsh, blur: { gaussian: 2 }, inputs: { inputImageTexture: photo }, uniforms: { texelWidthOffset: 0 } }
          horizontal: { kind: shader, file: gaussian.fsh, blur: { gaussian: 2 }, inputs: { inputImageTexture: vertical }, uniforms: { texelHeightOffset: 0 } }
          box: { kind: shader, file: box.fsh, blur: box, inputs: { inputImageTexture: horizontal }, uniforms: { texelHeightOffset: 0.03 } }
          cross: { kind: shader, file: cross.fsh, inputs: { inputImageTexture: photo, inputImageTexture2: box } }
          sharpen: { kind: shader, file: sharpen.fsh, inputs: { inputImageTexture: cross }, uniforms: { sharpness: 0.4 } }
          trail: { kind: shader, file: trail.fsh, inputs: { inputImageTexture: sharpen } }
          quarter: { kind: shader, file: average.fsh, size: [24, 16], inputs: { inputImageTexture: trail } }
          final: { kind: shader, file: final.fsh, inputs: { inputImageTexture: trail, inputImageTexture2: quarter } }
        output: final
        """

    static func prepare() throws -> (folder: TemporaryFolder, composition: String, input: RGBAImage) {
        let folder = try TemporaryFolder()
        let image = try ImageFile.read(path: Repository.path("images/landscape.jpg")).scaled(width: size.width, height: size.height)
        try ImageFile.writePNG(image, to: folder.file("photo.png"))
        try Data(image.pixels).write(to: URL(fileURLWithPath: folder.file("photo.rgba")))
        for (name, text) in [("gaussian.fsh", gaussian), ("box.fsh", box), ("cross.fsh", cross), ("sharpen.fsh", sharpenFragment),
                             ("sharpen.vsh", sharpenVertex), ("trail.fsh", trail), ("average.fsh", average), ("final.fsh", final)] {
            try folder.write(name, text)
        }
        return (folder, try folder.write("dropin.yaml", composition), image)
    }

    /// `render`'s frames; `withoutFetch` draws as a GPU without framebuffer fetch.
    static func reference(_ composition: String, in folder: TemporaryFolder, withoutFetch: Bool = false) throws -> [RGBAImage] {
        let result = try runShaderbench(["render", composition, "--out", folder.file("reference-%d.png"), "--frames", "\(frames)"]
                                            + (withoutFetch ? ["--without-framebuffer-fetch"] : []), in: folder.path)
        try #require(result.status == 0, "\(result.error)")
        return try (0..<frames).map { try ImageFile.read(path: folder.file("reference-\($0).png")) }
    }

    @Test("C, fetching the framebuffer, and built without it as render draws without it, reading it from a texture", arguments: [false, true])
    func c(withoutFetch: Bool) throws {
        let (folder, composition, input) = try Self.prepare()
        let reference = try Self.reference(composition, in: folder, withoutFetch: withoutFetch)
        let flags = withoutFetch ? ["-DSB_NO_FRAMEBUFFER_FETCH"] : []
        let export = try runShaderbench(["export", composition, "--c", folder.file("c")], in: folder.path)
        try #require(export.status == 0, "\(export.error)")
        let setup = """
            CHECK(dropin_set_input_photo(graph, load_rgba("\(folder.file("photo.rgba"))", \(input.width), \(input.height)), \(input.width), \(input.height)));
            """
        let harness = try ExportBuild.compileC(prefix: "dropin", in: folder.file("c"), setup: setup, flags: flags)
        try ExportBuild.require(ExportBuild.run(harness, [folder.path, "\(Self.size.width)", "\(Self.size.height)", "\(Self.frames)", "30"],
                                                in: folder.file("c")), "the C harness")
        for (index, expected) in reference.enumerated() {
            let pixels = try Data(contentsOf: URL(fileURLWithPath: folder.file("frame-\(index).rgba")))
            let difference = RGBAImage(width: Self.size.width, height: Self.size.height, pixels: [UInt8](pixels)).difference(from: expected)
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

            extension Dropin: ExportedGraph {}

            func makeGraph(_ name: String, input: RGBAImage, inputTexture: UInt32) throws -> any ExportedGraph {
                let graph = try Dropin()
                try graph.setPhoto(texture: inputTexture, width: input.width, height: input.height)
                return graph
            }

            """
        try setup.write(toFile: folder.file("Setup.swift"), atomically: true, encoding: .utf8)
        let harness = try ExportBuild.compileSwift([folder.file("swift/Dropin.swift"), folder.file("Setup.swift")], in: folder.path)
        try ExportBuild.require(ExportBuild.run(harness, ["Dropin", folder.file("photo.png"), folder.path, "\(Self.size.width)", "\(Self.size.height)",
                                                          "\(Self.frames)", "30"], in: folder.path), "the Swift harness")
        for (index, expected) in reference.enumerated() {
            let difference = try ImageFile.read(path: folder.file("frame-\(index).png")).difference(from: expected)
            #expect(difference.largest == 0, "frame \(index): \(difference.count) bytes differ, by up to \(difference.largest)")
        }
    }
}

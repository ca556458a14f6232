import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// ISF shaders, written in ISF's own conventions (a JSON header, y up, `IMG_*` lookups, `gl_FragColor`),
/// load, render the right way up, get their built-in uniforms and inputs' defaults, and report errors at
/// the user's lines.
@Suite("The ISF dialect", .serialized)
struct ISFDialectTests {
    let image = gradientImage(width: 40, height: 24)

    /// Renders `body` after a header with an `inputImage` and `extraInputs`, at 40×24, up to `frame`.
    func render(_ body: String, extraInputs: String = "", uniforms: String = "", imageSize: PixelSize? = nil,
                frame: Int = 0) throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", imageSize.map { gradientImage(width: $0.width, height: $0.height) } ?? image)
        try workspace.write("fx.fs", """
            /*{
                "ISFVSN": "2",
                "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" }\(extraInputs) ]
            }*/
            \(body)
            """)
        let composition = try workspace.load("""
            size: [40, 24]
            nodes:
              photo: { kind: image, file: in.png }
              fx: { kind: shader, file: fx.fs, inputs: { inputImage: photo }\(uniforms.isEmpty ? "" : ", uniforms: { \(uniforms) }") }
            output: fx
            """)
        let executor = try GraphExecutor(composition: composition)
        var output = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        for index in stride(from: 1, through: frame, by: 1) { output = try executor.renderFrame(FrameTime(index: index, fps: 30)) }
        return output.readPixels()
    }

    @Test("every way of reading this fragment's pixel shows the image upright and unchanged", arguments: [
        "IMG_THIS_PIXEL(inputImage)",
        "IMG_THIS_NORM_PIXEL(inputImage)",
        "IMG_NORM_PIXEL(inputImage, isf_FragNormCoord)",
        "IMG_NORM_PIXEL(inputImage, gl_FragCoord.xy / RENDERSIZE)",
        "IMG_PIXEL(inputImage, gl_FragCoord.xy)",
        "texture2D(inputImage, isf_FragNormCoord)",
        "IMG_NORM_PIXEL(inputImage, vv_FragNormCoord)",
        // VVISF's third argument, a bias to the level of detail, which other libraries' files pass.
        "IMG_NORM_PIXEL(inputImage, isf_FragNormCoord, 0.0)",
        "IMG_PIXEL(inputImage, gl_FragCoord.xy, 0.0)",
        // How ISF hosts expand IMG_PIXEL themselves, from the image's declared rectangle, size and flip.
        "texture(inputImage, _inputImage_flip ? vec2(0.0) : gl_FragCoord.xy / _inputImage_imgSize * _inputImage_imgRect.zw + _inputImage_imgRect.xy)",
    ])
    func passThrough(lookup: String) throws {
        let output = try render("void main() { gl_FragColor = \(lookup); }")
        #expect(output.largestDifference(from: image) == 0)
    }

    @Test("a shader without a .vs may declare isf_FragNormCoord itself, as files written for other hosts do")
    func declaredFragNormCoord() throws {
        let output = try render("varying vec2 isf_FragNormCoord;\nvoid main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord); }")
        #expect(output.largestDifference(from: image) == 0)
    }

    @Test("a header after // lines is found, so TIME and RENDERSIZE are ISF's")
    func headerAfterComments() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("fx.fs", """
            // A gradient, from another library.
            // Its header follows these lines.
            /*{ "ISFVSN": "2", "INPUTS": [] }*/
            void main() { gl_FragColor = vec4(gl_FragCoord.xy / RENDERSIZE, TIME, 1.0); }
            """)
        let composition = try workspace.load("size: [40, 24]\nnodes:\n  fx: { kind: shader, file: fx.fs }\noutput: fx\n")
        let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        // y up: the top row is nearly full green, the bottom nearly none.
        #expect(output[39, 0].1 > 240 && output[0, 23].1 < 10 && output[39, 0].0 > 240)
        withExtendedLifetime(workspace) {}
    }

    @Test("isf_FragNormCoord and gl_FragCoord grow upwards: a procedural gradient is bright at the top")
    func yUp() throws {
        let output = try render("""
            void main() {
                gl_FragColor = vec4(isf_FragNormCoord.y, gl_FragCoord.y / RENDERSIZE.y, isf_FragNormCoord.x, 1.0);
            }
            """)
        #expect(output[5, 0].r > 245 && output[5, 0].g > 245, "top row")
        #expect(output[5, 23].r < 10 && output[5, 23].g < 10, "bottom row")
        #expect(output[0, 5].b < 10 && output[39, 5].b > 245, "x grows to the right")
    }

    @Test("IMG_PIXEL counts pixels from the image's bottom-left, and IMG_SIZE is the image's size, not the render's")
    func pixelCoordinates() throws {
        let small = PixelSize(width: 20, height: 12)
        let source = gradientImage(width: 20, height: 12)
        let output = try render("""
            void main() {
                if (gl_FragCoord.x < 20.0) {
                    gl_FragColor = IMG_PIXEL(inputImage, vec2(3.5, 0.5));
                } else {
                    gl_FragColor = vec4(IMG_SIZE(inputImage) / 255.0, RENDERSIZE / 255.0);
                }
            }
            """, imageSize: small)
        #expect(output[0, 0] == source[3, 11], "pixel (3, 0) from the bottom is stored in the last row")
        #expect(output[30, 0].r == 20 && output[30, 0].g == 12 && output[30, 0].b == 40 && output[30, 0].a == 24)
    }

    @Test("every image has _NAME_imgSize, _NAME_imgRect and _NAME_flip: its own size, the whole texture, not flipped")
    func imageProperties() throws {
        let output = try render("""
            void main() {
                gl_FragColor = vec4(_inputImage_imgSize / 255.0, _inputImage_imgRect.z - _inputImage_imgRect.x,
                                    _inputImage_flip || _inputImage_imgRect.y != 0.0 || _inputImage_imgRect.w != 1.0 ? 0.0 : 1.0);
            }
            """, imageSize: PixelSize(width: 20, height: 12))
        let pixel = output[7, 7]
        #expect(pixel.r == 20 && pixel.g == 12 && pixel.b == 255 && pixel.a == 255, "\(pixel)")
    }

    @Test("TIME, TIMEDELTA, FRAMEINDEX, PASSINDEX, DATE and RENDERSIZE carry the frame's values")
    func builtIns() throws {
        let body = """
            void main() {
                gl_FragColor = vec4(RENDERSIZE.x / 255.0, float(FRAMEINDEX) / 255.0, TIME * 10.0 / 255.0, 1.0);
                if (gl_FragCoord.x > 20.0) {
                    bool monthFromOne = DATE.y >= 1.0 && DATE.y <= 12.0 && DATE.z >= 1.0 && DATE.x > 2000.0;
                    gl_FragColor = vec4(TIMEDELTA * 30.0 * 100.0 / 255.0, monthFromOne ? 1.0 : 0.0, float(PASSINDEX), 1.0);
                }
            }
            """
        let third = try render(body, frame: 3)
        #expect(third[0, 0].r == 40 && third[0, 0].g == 3 && third[0, 0].b == 1)
        #expect(third[30, 0].r == 100 && third[30, 0].g == 255 && third[30, 0].b == 0)
        let first = try render(body)
        #expect(first[30, 0].r == 0, "no interval before the first frame")
    }

    @Test("inputs start at their DEFAULT; a composition's uniforms override it")
    func defaults() throws {
        let inputs = """
            , { "NAME": "gain", "TYPE": "float", "DEFAULT": 0.5, "MIN": 0, "MAX": 1 },
              { "NAME": "invert", "TYPE": "bool", "DEFAULT": true },
              { "NAME": "level", "TYPE": "long", "VALUES": [0, 1, 2], "LABELS": ["a", "b", "c"], "DEFAULT": 2 },
              { "NAME": "tint", "TYPE": "color", "DEFAULT": [0.2, 0.4, 0.6, 1.0] },
              { "NAME": "offset", "TYPE": "point2D", "DEFAULT": [0.25, 0.75] }
            """
        let body = """
            void main() {
                gl_FragColor = vec4(gain, invert ? 1.0 : 0.0, float(level) / 4.0, 1.0);
                if (gl_FragCoord.x > 20.0) gl_FragColor = vec4(tint.rgb, offset.y);
            }
            """
        let byDefault = try render(body, extraInputs: inputs)
        #expect(byDefault[0, 0].r == 128 && byDefault[0, 0].g == 255 && byDefault[0, 0].b == 128)
        #expect(byDefault[30, 0].r == 51 && byDefault[30, 0].g == 102 && byDefault[30, 0].b == 153 && byDefault[30, 0].a == 191)
        let overridden = try render(body, extraInputs: inputs, uniforms: "gain: 1.0, invert: false, level: 1, offset: [0, 0.5]")
        #expect(overridden[0, 0].r == 255 && overridden[0, 0].g == 0 && overridden[0, 0].b == 64)
        #expect(overridden[30, 0].a == 128)
    }

    static let examples: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shaders/isf").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".fs") }.sorted().map { folder + "/" + $0 }
    }()

    @Test("the example ISF shaders are found")
    func examplesFound() {
        #expect(Self.examples.count >= 3, "\(Self.examples)")
    }

    @Test("the example ISF shaders in shaders/isf open on their own and render", arguments: examples)
    func example(path: String) throws {
        let composition = try CompositionOpener.open(path: path)
        try withExtendedLifetime(try HeadlessContext()) {
            let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30))
            #expect(output.size == PixelSize.standard)
        }
    }

    @Test("errors point at the user's line and column, below the header, not the prelude's")
    func errorsAtUserLines() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("fx.fs", """
            /*{
                "INPUTS": [ { "NAME": "amount", "TYPE": "float", "DEFAULT": 1 } ]
            }*/
            void main() {
                gl_FragColor = vec4(isf_FragNormCoord, amount, missing);
            }
            """)
        let composition = try workspace.load("nodes:\n  fx: { kind: shader, file: fx.fs }\n")
        #expect {
            _ = try GraphExecutor(composition: composition)
        } throws: { error in
            let first = (error as? DiagnosticsError)?.diagnostics.first
            return first?.location?.line == 5 && first?.location?.column == 52 && first?.message.contains("missing") == true
        }
    }
}

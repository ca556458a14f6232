import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// ossia score's Compute Shader Format files run as compute nodes: the header's images, textures and controls
/// declared for the body, its passes run with their work group sizes and execution models. The files are
/// written here from the reference's documented examples; expected pixels are the bodies' arithmetic.
@Suite("Compute Shader Format files", .serialized)
struct ComputeShaderFormatTests {
    /// The reference's minimal file: an invert over an rgba8 image, the output the input's size.
    static let invert = """
        /*{
        "ISFVSN": "2.0",
        "MODE": "COMPUTE_SHADER",
        "RESOURCES": [
        { "NAME": "inputImage", "TYPE": "image", "ACCESS": "read_only", "FORMAT": "rgba8" },
        { "NAME": "outputImage", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "rgba8",
        "WIDTH": "$WIDTH_inputImage", "HEIGHT": "$HEIGHT_inputImage" }
        ],
        "PASSES": [{
        "LOCAL_SIZE": [16, 16, 1],
        "EXECUTION_MODEL": { "TYPE": "2D_IMAGE", "TARGET": "outputImage" }
        }]
        }*/
        void main() {
        ivec2 p = ivec2(gl_GlobalInvocationID.xy);
        if (any(greaterThanEqual(p, imageSize(outputImage)))) return;
        vec4 c = IMG_LOAD(inputImage, p);
        IMG_STORE(outputImage, p, vec4(1.0 - c.rgb, c.a));
        }
        """

    /// The brightness and contrast example: two float controls and a bool.
    static let brightnessContrast = """
        /*{ "ISFVSN": "2.0", "MODE": "COMPUTE_SHADER", "CATEGORIES": ["COLOR"],
            "RESOURCES": [
              { "NAME": "inputImage", "TYPE": "image", "ACCESS": "read_only", "FORMAT": "RGBA8" },
              { "NAME": "outputImage", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "RGBA8",
                "WIDTH": "$WIDTH_inputImage", "HEIGHT": "$HEIGHT_inputImage" },
              { "NAME": "brightness", "TYPE": "float", "DEFAULT": 1.0, "MIN": 0.0, "MAX": 2.0, "LABEL": "Brightness" },
              { "NAME": "contrast", "TYPE": "float", "DEFAULT": 1.0, "MIN": 0.0, "MAX": 2.0, "LABEL": "Contrast" },
              { "NAME": "applyEffect", "TYPE": "bool", "DEFAULT": true }
            ],
            "PASSES": [ { "LOCAL_SIZE": [16, 16, 1], "EXECUTION_MODEL": { "TYPE": "2D_IMAGE", "TARGET": "outputImage" } } ] }*/
        void main() {
            ivec2 p = ivec2(gl_GlobalInvocationID.xy);
            if (any(greaterThanEqual(p, imageSize(outputImage)))) return;
            vec4 c = imageLoad(inputImage, p);
            if (applyEffect) c.rgb = clamp((c.rgb - 0.5) * contrast + 0.5, 0.0, 1.0) * brightness;
            imageStore(outputImage, p, c);
        }
        """

    func run(_ kernel: String, node extra: String = "", publish: String = "", overrides: [ParameterOverride] = [],
             frame: Int = 0) throws -> (image: RenderTarget, picture: RGBAImage, composition: Composition, workspace: GPUWorkspace) {
        let workspace = try GPUWorkspace()
        let picture = noiseImage(width: 21, height: 13, seed: 5)
        try workspace.writePNG("noise.png", picture)
        try workspace.write("kernel.comp", kernel)
        var composition = try workspace.load("""
            size: [64, 36]
            nodes:
              noise: { kind: image, file: noise.png }
              k: { kind: compute, file: kernel.comp, inputs: { inputImage: noise }\(extra) }
            output: k
            \(publish)
            """)
        try ParameterOverride.apply(overrides, to: &composition)
        let image = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: frame, fps: 30))
        return (image, picture, composition, workspace)
    }

    @Test("the reference's invert runs: the output the input's size, each pixel the input's inverted")
    func invertRuns() throws {
        let (image, picture, _, workspace) = try run(Self.invert)
        #expect(image.size == PixelSize(width: 21, height: 13))
        let pixels = image.readPixels()
        #expect(zip(pixels.pixels, picture.pixels).enumerated().allSatisfy { index, pair in index % 4 == 3 ? pair.0 == pair.1 : pair.0 == 255 - pair.1 })
        withExtendedLifetime(workspace) {}
    }

    @Test("controls are parameters with their DEFAULT, range and LABEL, set with --set, and the body reads them")
    func controls() throws {
        let published = "publish: [k.brightness, k.contrast, k.applyEffect]"
        let (_, _, composition, _) = try run(Self.brightnessContrast, publish: published)
        let planned = PlannedParameter.all(in: composition)
        #expect(planned.map(\.label) == ["Brightness", "Contrast", "applyEffect"])
        #expect(planned[0].resetValue == [1] && planned[0].spans == [0...2] && planned[2].resetValue == [1])
        let (image, picture, _, workspace) = try run(Self.brightnessContrast, publish: published,
                                                     overrides: [ParameterOverride(name: "contrast", values: [2]), ParameterOverride(name: "brightness", values: [0.5])])
        let shown = image.readPixels()
        for (x, y) in [(0, 0), (20, 12), (7, 5)] {
            let red = Double(picture[x, y].r) / 255
            let expected = min(max((red - 0.5) * 2 + 0.5, 0), 1) * 0.5 * 255
            #expect(abs(Double(shown[x, y].r) - expected) <= 1, "(\(x), \(y)): \(shown[x, y].r) against \(expected)")
        }
        withExtendedLifetime(workspace) {}
    }

    @Test("a long with VALUES and LABELS is a menu in the panel, a color a colour, an event a button, as ISF's inputs are")
    func controlKinds() throws {
        let kernel = """
            /*{ "MODE": "COMPUTE_SHADER",
                "RESOURCES": [ { "NAME": "result", "TYPE": "image", "ACCESS": "write_only" },
                               { "NAME": "mode", "TYPE": "long", "VALUES": [0, 1, 2], "LABELS": ["Add", "Multiply", "Replace"], "DEFAULT": 1 },
                               { "NAME": "tint", "TYPE": "color", "DEFAULT": [1, 0.5, 0, 1] },
                               { "NAME": "reset", "TYPE": "event" } ],
                "PASSES": [ {} ] }*/
            void main() { imageStore(result, ivec2(gl_GlobalInvocationID.xy), reset ? vec4(0.0) : tint * float(mode)); }
            """
        let workspace = try GPUWorkspace()
        try workspace.write("kernel.comp", kernel)
        let composition = try workspace.load("size: [4, 4]\nnodes:\n  k: { kind: compute, file: kernel.comp }\noutput: k\npublish: [k.mode, k.tint, k.reset]\n")
        let controls = TunableParameter.all(in: composition, renderSize: PixelSize(width: 4, height: 4)).map(\.control)
        #expect(controls == [.menu(values: [0, 1, 2], labels: ["Add", "Multiply", "Replace"]), .colour, .button])
        let pixel = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[1, 1]
        #expect([pixel.r, pixel.g, pixel.b, pixel.a] == [255, 128, 0, 255], "the defaults: tint × mode 1")
    }

    @Test("a MANUAL pass runs its WORKGROUPS; a second pass reads what the first stored, told apart by PASSINDEX")
    func manualAndPasses() throws {
        let kernel = """
            /*{ "MODE": "COMPUTE_SHADER",
                "RESOURCES": [ { "NAME": "values", "TYPE": "image", "ACCESS": "read_write", "FORMAT": "R32F", "WIDTH": 16, "HEIGHT": "1" } ],
                "PASSES": [ { "LOCAL_SIZE": [4, 1, 1], "EXECUTION_MODEL": { "TYPE": "MANUAL", "WORKGROUPS": [2, 1, 1] } },
                            { "LOCAL_SIZE": [16, 1, 1], "EXECUTION_MODEL": { "TYPE": "2D_IMAGE" } } ] }*/
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                if (PASSINDEX == 0) imageStore(values, p, vec4(float(p.x) + 0.5));
                else imageStore(values, p, imageLoad(values, p) * 2.0);
            }
            """
        let workspace = try GPUWorkspace()
        try workspace.write("kernel.comp", kernel)
        let composition = try workspace.load("size: [64, 36]\nnodes:\n  k: { kind: compute, file: kernel.comp }\noutput: k\n")
        let floats = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readFloats()
        // 2 groups of 4 store x + 0.5 at x = 0…7; the second pass doubles every pixel, the untouched ones 0.
        let expected: [Float] = (0..<16).map { x in x < 8 ? (Float(x) + 0.5) * 2 : 0 }
        #expect((0..<16).map { floats[$0 * 4] } == expected)
    }

    @Test("storage: LAYOUT's members reached through NAME, SIZE elements, kept from frame to frame when read_write; a 1D_BUFFER pass covers them")
    func storage() throws {
        let kernel = """
            /*{ "MODE": "COMPUTE_SHADER",
                "RESOURCES": [
                  { "NAME": "state", "TYPE": "storage", "ACCESS": "read_write", "SIZE": 40,
                    "LAYOUT": [ { "NAME": "frames", "TYPE": "uint" }, { "NAME": "sums", "TYPE": "float[]" } ] },
                  { "NAME": "shown", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "rgba32f", "WIDTH": 4, "HEIGHT": 1 } ],
                "PASSES": [ { "LOCAL_SIZE": [16, 1, 1], "EXECUTION_MODEL": { "TYPE": "1D_BUFFER", "TARGET": "state" } },
                            { "LOCAL_SIZE": [4, 1, 1], "EXECUTION_MODEL": { "TYPE": "2D_IMAGE" } } ] }*/
            void main() {
                uint i = gl_GlobalInvocationID.x;
                if (PASSINDEX == 0) {
                    if (i < uint(state.sums.length())) state.sums[i] += float(i);
                    if (i == 0u) state.frames += 1u;
                } else {
                    imageStore(shown, ivec2(i, 0), vec4(state.sums[i * 10u], float(state.frames), float(state.sums.length()), 1.0));
                }
            }
            """
        let workspace = try GPUWorkspace()
        try workspace.write("kernel.comp", kernel)
        let composition = try workspace.load("size: [64, 36]\nnodes:\n  k: { kind: compute, file: kernel.comp }\noutput: k\n")
        let executor = try GraphExecutor(composition: composition)
        var floats: [Float] = []
        for frame in 0..<3 { floats = try executor.renderFrame(FrameTime(index: frame, fps: 30)).readFloats() }
        // 40 sums, each its index added every frame: three frames in, element 10k holds 30k; 16-wide groups cover all 40.
        #expect((0..<4).map { floats[$0 * 4] } == [0, 30, 60, 90])
        #expect(floats[1] == 3 && floats[2] == 40)
        #expect(executor.bufferElements(of: "k", buffer: "state", range: 39..<40) == [[117]])
    }

    @Test("a watch in a CSF body is read at the invocation, through the desktop reading of the kernel written from it")
    func watched() throws {
        let kernel = """
            /*{ "MODE": "COMPUTE_SHADER",
                "RESOURCES": [ { "NAME": "result", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "rgba32f" },
                               { "NAME": "gain", "TYPE": "float", "DEFAULT": 0.5 } ],
                "PASSES": [ { "LOCAL_SIZE": [4, 4, 1] } ] }*/
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                float t = float(p.x) * gain + float(p.y);
                imageStore(result, p, vec4(t));
            }
            """
        let workspace = try GPUWorkspace()
        try workspace.write("kernel.comp", kernel)
        let composition = try workspace.load("size: [8, 4]\nnodes:\n  k: { kind: compute, file: kernel.comp }\noutput: k\n")
        let executor = try GraphExecutor(composition: composition)
        let passes = executor.watch([ShaderWatch(line: 7, expression: "t")], of: "k")
        #expect(passes.first?.problem == nil, "\(String(describing: passes.first?.problem))")
        _ = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        #expect(passes.first?.reading(x: 6, y: 2).value == [6 * 0.5 + 2])
    }

    @Test("TIME and RENDERSIZE are the frame's; a compile error is located at the body's own line in the file")
    func builtInsAndErrors() throws {
        let kernel = """
            /*{ "MODE": "COMPUTE_SHADER",
                "RESOURCES": [ { "NAME": "result", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "rgba32f" } ],
                "PASSES": [ { "LOCAL_SIZE": [8, 8, 1] } ] }*/
            void main() {
                imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(TIME, RENDERSIZE, float(FRAMEINDEX)));
            }
            """
        let workspace = try GPUWorkspace()
        try workspace.write("kernel.comp", kernel)
        let composition = try workspace.load("size: [8, 4]\nnodes:\n  k: { kind: compute, file: kernel.comp }\noutput: k\n")
        let floats = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 15, fps: 30)).readFloats()
        #expect(Array(floats[0..<4]) == [0.5, 8, 4, 15])
        try workspace.write("kernel.comp", kernel.replacingOccurrences(of: "float(FRAMEINDEX)", with: "nosuch"))
        let broken = try workspace.load("size: [8, 4]\nnodes:\n  k: { kind: compute, file: kernel.comp }\noutput: k\n")
        let error = try #require(throws: DiagnosticsError.self) { try GraphExecutor(composition: broken) }
        let located = try #require(error.diagnostics.first { $0.severity == .error })
        #expect(located.location?.line == 5 && located.location?.file.hasSuffix("kernel.comp") == true, "\(error.diagnostics)")
    }
}

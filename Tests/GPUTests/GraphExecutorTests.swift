import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

@Suite("Running graphs on the GPU", .serialized)
struct GraphExecutorTests {
    let passThrough = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
        """

    @Test("an image passes through a shader unchanged and the right way up")
    func passThroughKeepsOrientation() throws {
        let workspace = try GPUWorkspace()
        let image = gradientImage(width: 37, height: 23)
        try workspace.writePNG("in.png", image)
        try workspace.write("copy.fsh", passThrough)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              copy: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: photo } }
            """)
        let executor = try GraphExecutor(composition: composition)
        #expect(executor.renderSize == PixelSize(width: 37, height: 23))
        let output = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        #expect(output == image)
    }

    @Test("sepia on the GPU matches the same matrix on the CPU within 2 levels")
    func sepiaMatchesCPU() throws {
        let workspace = try GPUWorkspace()
        let image = gradientImage(width: 64, height: 40)
        try workspace.writePNG("in.png", image)
        try workspace.write("sepia.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform float intensity;
            const mat3 m = mat3(0.3588, 0.2990, 0.2392, 0.7044, 0.5870, 0.4696, 0.1368, 0.1140, 0.0912);
            void main() {
                vec4 c = texture2D(inputImageTexture, textureCoordinate);
                gl_FragColor = vec4(mix(c.rgb, min(m * c.rgb, vec3(1.0)), intensity), c.a);
            }
            """)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              sepia: { kind: shader, file: sepia.fsh, inputs: { inputImageTexture: photo }, uniforms: { intensity: 0.75 } }
            """)
        let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        var expected = image
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let (r, g, b) = (Float(image.pixels[index]) / 255, Float(image.pixels[index + 1]) / 255, Float(image.pixels[index + 2]) / 255)
            let toned = [min(0.3588 * r + 0.7044 * g + 0.1368 * b, 1), min(0.2990 * r + 0.5870 * g + 0.1140 * b, 1), min(0.2392 * r + 0.4696 * g + 0.0912 * b, 1)]
            for channel in 0..<3 {
                let original = [r, g, b][channel]
                expected.pixels[index + channel] = UInt8(((original + (toned[channel] - original) * 0.75) * 255).rounded())
            }
        }
        #expect(output.largestDifference(from: expected) <= 2)
    }

    @Test("values wire into uniforms, whole or by component, and time advances with the frame")
    func valueWiring() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("fill.fsh", """
            uniform vec3 colour;
            uniform float level;
            uniform float clock;
            void main() { gl_FragColor = vec4(colour * level, clock / 4.0); }
            """)
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              rgba: { kind: constant, value: [0.2, 1.0, 0.6, 0.5] }
              clock: { kind: time }
              fill: { kind: shader, file: fill.fsh, uniforms: { colour: rgba.grb, level: rgba.w, clock: clock } }
            """)
        let executor = try GraphExecutor(composition: composition)
        let pixel = try executor.renderFrame(FrameTime(index: 60, fps: 30)).readPixels()[3, 3]
        // Within one level: the driver may round x.5 either way.
        #expect(abs(Int(pixel.r) - 128) <= 1)   // g × 0.5
        #expect(abs(Int(pixel.g) - 26) <= 1)    // r × 0.5
        #expect(abs(Int(pixel.b) - 77) <= 1)    // b × 0.5
        #expect(abs(Int(pixel.a) - 128) <= 1)   // 2 s / 4
    }

    @Test("int, bool and matrix uniforms are set from the composition")
    func uniformTypes() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("types.fsh", """
            uniform int steps;
            uniform bool on;
            uniform mat2 m;
            uniform float weights[2];
            void main() { gl_FragColor = vec4(float(steps) / 4.0, on ? 1.0 : 0.0, m[1][0], weights[1]); }
            """)
        let composition = try workspace.load("""
            size: [4, 4]
            nodes:
              t: { kind: shader, file: types.fsh, uniforms: { steps: 2, on: true, m: [[0, 0], [0.25, 0]], weights: [0, 0.5] } }
            """)
        let pixel = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[0, 0]
        #expect(pixel.r == 128)
        #expect(pixel.g == 255)
        #expect(pixel.b == 64)
        #expect(pixel.a == 128)
    }

    @Test("the test pattern is deterministic in time and moves between frames")
    func patternIsDeterministic() throws {
        let workspace = try GPUWorkspace()
        let composition = try workspace.load("nodes:\n  p: { kind: pattern, size: [160, 90] }\n")
        let first = try GraphExecutor(composition: composition)
        let second = try GraphExecutor(composition: composition)
        let a = try first.renderFrame(FrameTime(index: 7, fps: 30)).readPixels()
        let b = try second.renderFrame(FrameTime(index: 7, fps: 30)).readPixels()
        let later = try first.renderFrame(FrameTime(index: 20, fps: 30)).readPixels()
        #expect(a == b)
        #expect(a != later)
        #expect(a.width == 160 && a.height == 90)
    }

    @Test("half-float passes keep values 8 bits would lose")
    func halfFloatFormat() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("small.fsh", "void main() { gl_FragColor = vec4(0.001); }")
        try workspace.write("scale.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * 500.0; }
            """)
        let yaml = { (format: String) in """
            size: [4, 4]
            nodes:
              small: { kind: shader, file: small.fsh, format: \(format) }
              scale: { kind: shader, file: scale.fsh, inputs: { inputImageTexture: small } }
            """ }
        let precise = try GraphExecutor(composition: try workspace.load(yaml("rgba16f"))).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[0, 0]
        let coarse = try GraphExecutor(composition: try workspace.load(yaml("rgba8"))).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[0, 0]
        #expect(abs(Int(precise.r) - 128) <= 2)
        #expect(coarse.r == 0)
    }

    @Test("compile errors from every broken shader come back together, at the user's lines")
    func compileErrorsAreLocated() throws {
        let workspace = try GPUWorkspace()
        let broken = try workspace.write("broken.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() {
                gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * strength;
            }
            """)
        let alsoBroken = try workspace.write("also.fsh", "#version 300 es\nprecision highp float;\nout vec4 c;\nvoid main() {\n  c = vec4(1.0) +;\n}\n")
        let composition = try workspace.load("""
            nodes:
              src: { kind: pattern, size: [8, 8] }
              a: { kind: shader, file: broken.fsh, inputs: { inputImageTexture: src } }
              b: { kind: shader, file: also.fsh }
            output: a
            """)
        do {
            _ = try GraphExecutor(composition: composition, keeping: ["b"])
            Issue.record("broken shaders compiled")
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(errors.first?.location == SourceLocation(file: broken, line: 4, column: 70))
            #expect(errors.first?.message.contains("strength") == true)
            #expect(errors.first?.message.hasSuffix("[node 'a']") == true)
            #expect(errors.contains { $0.location?.file == alsoBroken && $0.location?.line == 5 })
        }
    }

    @Test("a truncated PNG is an error located at the image node's file")
    func truncatedImage() throws {
        let workspace = try GPUWorkspace()
        let bytes = try ImageFile.encodePNG(gradientImage(width: 64, height: 64))
        let path = workspace.root + "/cut.png"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        try workspace.write("copy.fsh", passThrough)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: cut.png }
              copy: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: photo } }
            """)
        do {
            _ = try GraphExecutor(composition: composition)
            Issue.record("a truncated PNG loaded")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.location?.line == 2)
            #expect(error.diagnostics.first?.location?.column == 31)
            #expect(error.diagnostics.first?.code == .unreadableFile)
            #expect(error.diagnostics.first?.message.contains("truncated") == true)
        }
    }
}

@Suite("Declared parameter defaults", .serialized)
struct ParameterDefaultTests {
    @Test("a uniform the composition does not set starts at the shader's declared default; a set one wins")
    func defaultsApply() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("fill.fsh", """
            uniform vec3 colour;   // default: [0.2, 0.6, 1.0]
            uniform float level;   // default: 0.5
            void main() { gl_FragColor = vec4(colour * level * 2.0, 1.0); }
            """)
        let composition = try workspace.load("""
            size: [4, 4]
            nodes:
              fill: { kind: shader, file: fill.fsh, uniforms: { level: 0.25 } }
            """)
        let pixel = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[1, 1]
        #expect(abs(Int(pixel.r) - 26) <= 1)
        #expect(abs(Int(pixel.g) - 77) <= 1)
        #expect(abs(Int(pixel.b) - 128) <= 1)
    }
}

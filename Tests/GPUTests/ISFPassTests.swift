import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// ISF PASSES: several draws of one shader into named targets, persistent targets across frames,
/// sizes from WIDTH/HEIGHT expressions, and imported images.
@Suite("ISF passes", .serialized)
struct ISFPassTests {
    /// Renders an ISF generator with `header` (the JSON inside the comment) and `body`, 40×24, `frames` frames;
    /// returns the last frame's pixels.
    func render(header: String, body: String, frames: Int = 1, files: [String: RGBAImage] = [:]) throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        for (name, image) in files { try workspace.writePNG(name, image) }
        try workspace.write("passes.fs", "/*{\n\(header)\n}*/\n\(body)")
        let composition = try workspace.load("""
            size: [40, 24]
            nodes:
              fx: { kind: shader, file: passes.fs }
            """)
        let executor = try GraphExecutor(composition: composition)
        var output = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        for frame in stride(from: 1, to: frames, by: 1) { output = try executor.renderFrame(FrameTime(index: frame, fps: 30)) }
        return output.readPixels()
    }

    @Test("passes run in order with PASSINDEX, and a later pass reads an earlier one's target by name")
    func passesInOrder() throws {
        let output = try render(header: """
            "INPUTS": [], "PASSES": [ { "TARGET": "first" }, { } ]
            """, body: """
            void main() {
                if (PASSINDEX == 0) gl_FragColor = vec4(0.25, 0.5, 0.0, 1.0);
                else gl_FragColor = vec4(IMG_THIS_PIXEL(first).rg * 2.0, 1.0, 1.0);
            }
            """)
        let pixel = output[7, 5]
        #expect([pixel.r, pixel.g, pixel.b] == [128, 255, 255])
    }

    @Test("a pass whose WIDTH and HEIGHT reach past the budget of one target is an error at that pass, before anything is allocated")
    func oversizedPass() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("huge.fs", """
            /*{
              "PASSES": [ { "TARGET": "huge", "WIDTH": "$WIDTH*$WIDTH*$WIDTH", "HEIGHT": "$HEIGHT*$HEIGHT*$HEIGHT" }, {} ]
            }*/
            void main() { gl_FragColor = vec4(1.0); }
            """)
        let composition = try workspace.load("size: [40, 24]\nnodes:\n  fx: { kind: shader, file: huge.fs }\n")
        #expect {
            try GraphExecutor(composition: composition)
        } throws: { error in
            guard let diagnostic = (error as? DiagnosticsError)?.diagnostics.first else { return false }
            return diagnostic.location?.line == 2 && diagnostic.location?.column == 15
                && diagnostic.message.hasPrefix("at a 40×24 render, this pass's WIDTH and HEIGHT make it 16384×13824, more than 64 megapixels, the most one target may have (8192×8192, say)")
        }
    }

    @Test("a persistent target keeps its image into the next frame, starting transparent black")
    func persistentTarget() throws {
        let header = """
            "INPUTS": [], "PASSES": [ { "TARGET": "sum", "PERSISTENT": true }, { } ]
            """
        let body = """
            void main() {
                if (PASSINDEX == 0) gl_FragColor = IMG_THIS_PIXEL(sum) + vec4(10.0 / 255.0);
                else gl_FragColor = IMG_THIS_PIXEL(sum);
            }
            """
        #expect(try render(header: header, body: body, frames: 1)[3, 3].r == 10)
        #expect(try render(header: header, body: body, frames: 4)[3, 3].r == 40)
    }

    @Test("a target's WIDTH and HEIGHT expressions size it, and IMG_SIZE reports that size")
    func sizedTarget() throws {
        let output = try render(header: """
            "INPUTS": [ { "NAME": "scale", "TYPE": "float", "DEFAULT": 4.0 } ],
            "PASSES": [ { "TARGET": "small", "WIDTH": "floor($WIDTH / $scale)", "HEIGHT": "$HEIGHT / 2" }, { } ]
            """, body: """
            void main() {
                if (PASSINDEX == 0) gl_FragColor = vec4(RENDERSIZE / 255.0, 0.0, 1.0);
                else gl_FragColor = vec4(IMG_SIZE(small) / 255.0, IMG_THIS_NORM_PIXEL(small).r, 1.0);
            }
            """)
        let pixel = output[20, 12]
        #expect([pixel.r, pixel.g, pixel.b] == [10, 12, 10], "a 10×12 target that drew its own RENDERSIZE")
    }

    @Test("an imported image is loaded from beside the shader and sampled by its name")
    func importedImage() throws {
        let stamp = RGBAImage(width: 4, height: 4, fill: (30, 60, 90, 255))
        let output = try render(header: """
            "INPUTS": [], "IMPORTED": { "stamp": { "PATH": "stamp.png" } }
            """, body: """
            void main() { gl_FragColor = IMG_NORM_PIXEL(stamp, isf_FragNormCoord); }
            """, files: ["stamp.png": stamp])
        let pixel = output[10, 10]
        #expect([pixel.r, pixel.g, pixel.b] == [30, 60, 90])
    }

    @Test("an input reads its image from the first frame in a shader that imports one too, though that frame makes the pass's target")
    func inputBesideImportedImage() throws {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("source.png", RGBAImage(width: 4, height: 4, fill: (200, 100, 50, 255)))
        try workspace.writePNG("stamp.png", RGBAImage(width: 4, height: 4, fill: (30, 60, 90, 255)))
        try workspace.write("passes.fs", """
            /*{ "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" } ], "IMPORTED": { "stamp": { "PATH": "stamp.png" } } }*/
            void main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord) + 0.0 * IMG_NORM_PIXEL(stamp, isf_FragNormCoord); }
            """)
        let composition = try workspace.load("""
            size: [40, 24]
            nodes:
              source: { kind: image, file: source.png }
              fx: { kind: shader, file: passes.fs, inputs: { inputImage: source } }
            """)
        let executor = try GraphExecutor(composition: composition)
        let pixel = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[10, 10]
        #expect([pixel.r, pixel.g, pixel.b, pixel.a] == [200, 100, 50, 255])
    }

    @Test("the library's Gaussian blur keeps a flat image flat and spreads a bright column symmetrically")
    func gaussianBlur() throws {
        let workspace = try GPUWorkspace()
        var image = RGBAImage(width: 41, height: 9, fill: (0, 0, 0, 255))
        for y in 0..<9 { image.pixels[(y * 41 + 20) * 4] = 255 }
        try workspace.writePNG("line.png", image)
        let composition = try workspace.load("""
            nodes:
              line: { kind: image, file: line.png }
              blur: { kind: shader, filter: gaussian-blur, inputs: { inputImage: line }, uniforms: { radius: 4 } }
            """)
        let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        let row = (0..<41).map { Int(output[$0, 4].r) }
        #expect(row[20] == row.max(), "peak stays on the column: \(row)")
        for offset in 1...6 { #expect(abs(row[20 - offset] - row[20 + offset]) <= 1, "symmetric at ±\(offset): \(row)") }
        #expect(row[20] < 255 && row[22] > 0 && row[30] == 0, "spread over the radius only: \(row)")
    }
}

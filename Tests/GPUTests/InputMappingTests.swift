import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// Inputs of another shape than their pass: filled (cropped) by default, fitted with bars, or stretched.
@Suite("Mapping inputs onto passes", .serialized)
struct InputMappingTests {
    /// A 40×20 image whose red rises 0…255 across and whose green marks the top half.
    let wide: RGBAImage = {
        var image = RGBAImage(width: 40, height: 20, fill: (0, 0, 0, 255))
        for y in 0..<20 {
            for x in 0..<40 {
                image.pixels[(y * 40 + x) * 4] = UInt8((Double(x) + 0.5) / 40 * 255)
                image.pixels[(y * 40 + x) * 4 + 1] = y < 10 ? 255 : 0
            }
        }
        return image
    }()

    /// The second input shown alone in a 20×20 pass, the first being a square image.
    func render(mapping: String?, flip: Bool = false) throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("wide.png", wide)
        try workspace.writePNG("square.png", RGBAImage(width: 20, height: 20, fill: (0, 0, 255, 255)))
        try workspace.write("second.fsh", """
            varying highp vec2 textureCoordinate;
            varying highp vec2 textureCoordinate2;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            void main() { gl_FragColor = texture2D(inputImageTexture2, textureCoordinate2) + 0.0 * texture2D(inputImageTexture, textureCoordinate); }
            """)
        let composition = try workspace.load("""
            size: [20, 20]
            nodes:
              square: { kind: image, file: square.png }
              wide: { kind: image, file: wide.png }
              show:
                kind: shader
                file: second.fsh
                inputs: { inputImageTexture: square, inputImageTexture2: wide }
                \(mapping.map { "mapping: { inputImageTexture2: \($0) }" } ?? "")
                \(flip ? "sampling: { inputImageTexture2: { flip: true } }" : "")
            """)
        return try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
    }

    @Test("by default a wider input is cropped to the pass: its middle half fills it, undistorted")
    func fillIsTheDefault() throws {
        let output = try render(mapping: nil)
        // Output column 0 shows input x ≈ 10 of 40 (a quarter across); the last shows x ≈ 30.
        #expect(abs(Int(output[0, 10].r) - 67) <= 4 && abs(Int(output[19, 10].r) - 188) <= 4, "\(output[0, 10]) \(output[19, 10])")
        #expect(output[5, 2].g == 255 && output[5, 17].g == 0, "the whole height, the right way up")
    }

    @Test("fit shows all of it between transparent bars")
    func fit() throws {
        let output = try render(mapping: "fit")
        #expect(output[10, 2] == (0, 0, 0, 0) && output[10, 17] == (0, 0, 0, 0), "bars above and below")
        #expect(output[0, 10].r < 12 && output[19, 10].r > 243, "the full width")
        #expect(output[10, 7].g == 255 && output[10, 12].g == 0)
    }

    @Test("stretch scales each axis, as before mappings existed")
    func stretch() throws {
        let output = try render(mapping: "stretch")
        #expect(output[0, 10].r < 12 && output[19, 10].r > 243 && output[10, 2].g == 255)
    }

    @Test("flip: true turns an input over, laid onto the pass or not, and keeps left and right")
    func flip() throws {
        let fitted = try render(mapping: "fit", flip: true)
        #expect(fitted[10, 2] == (0, 0, 0, 0) && fitted[10, 17] == (0, 0, 0, 0), "the bars stay where they were")
        #expect(fitted[10, 7].g == 0 && fitted[10, 12].g == 255, "the top half is at the bottom")
        #expect(fitted[0, 10].r < 12 && fitted[19, 10].r > 243, "left stays left")
        let stretched = try render(mapping: "stretch", flip: true)
        #expect(stretched[10, 2].g == 0 && stretched[10, 17].g == 255)
        #expect(stretched[0, 10].r < 12 && stretched[19, 10].r > 243)
    }

    @Test("a mapping that names no image input is located, with the nearest name")
    func unknownInput() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("one.fsh", "varying highp vec2 textureCoordinate;\nuniform sampler2D inputImageTexture;\nvoid main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }")
        #expect {
            _ = try workspace.load("""
                nodes:
                  p: { kind: pattern }
                  s: { kind: shader, file: one.fsh, inputs: { inputImageTexture: p }, mapping: { inputImageTextur: fit } }
                """)
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.first?.message.contains("did you mean 'inputImageTexture'?") == true
        }
    }
}

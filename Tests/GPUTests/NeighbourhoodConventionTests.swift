import GPU
import Images
import ShaderGraph
import Testing

/// GPUImage's 3×3 convention: `texelWidth`/`texelHeight` uniforms and neighbour coordinates from the vertex stage.
@Suite("The 3×3 neighbourhood convention", .serialized)
struct NeighbourhoodConventionTests {
    let image = gradientImage(width: 37, height: 23)

    func render(_ shader: String, uniforms: String = "{}") throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        try workspace.write("neighbour.fsh", shader)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              look: { kind: shader, file: neighbour.fsh, inputs: { inputImageTexture: photo }, uniforms: \(uniforms) }
            """)
        return try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
    }

    func neighbourShader(_ varying: String) -> String {
        """
        varying highp vec2 \(varying);
        uniform sampler2D inputImageTexture;
        uniform highp float texelWidth;
        uniform highp float texelHeight;
        void main() { gl_FragColor = texture2D(inputImageTexture, \(varying)); }
        """
    }

    @Test("each neighbour coordinate reads the pixel one texel away in its direction", arguments: [
        ("leftTextureCoordinate", -1, 0), ("rightTextureCoordinate", 1, 0),
        ("topTextureCoordinate", 0, -1), ("bottomTextureCoordinate", 0, 1),
        ("topLeftTextureCoordinate", -1, -1), ("bottomRightTextureCoordinate", 1, 1),
    ])
    func neighbourReadsOffsetPixel(varying: String, dx: Int, dy: Int) throws {
        let output = try render(neighbourShader(varying))
        for (x, y) in [(5, 5), (20, 11), (30, 17)] {
            #expect(output[x, y] == image[x + dx, y + dy], "at \(x),\(y)")
        }
    }

    @Test("texelWidth and texelHeight are one texel of the input")
    func texelSizeIsOneTexel() throws {
        let output = try render("""
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform highp float texelWidth;
            uniform highp float texelHeight;
            void main() { gl_FragColor = vec4(texelWidth * 37.0 * 0.5, texelHeight * 23.0 * 0.5, 0.0, 1.0); }
            """)
        let pixel = output[3, 3]
        #expect(abs(Int(pixel.r) - 128) <= 1 && abs(Int(pixel.g) - 128) <= 1)
    }

    @Test("a texelWidth set by the composition widens the neighbourhood, as in GPUImage")
    func compositionTexelWidthWins() throws {
        let output = try render(neighbourShader("rightTextureCoordinate"), uniforms: "{ texelWidth: \(3.0 / 37.0) }")
        #expect(output[10, 10] == image[13, 10])
    }
}

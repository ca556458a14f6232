import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// A GPUImage-style shader with a vertex shader of its own: the `.vsh` beside its `.fsh`, or the file its
/// node names with `vertex:`, given the attributes and uniforms GPUImage gives its vertex shaders.
@Suite("Vertex shaders of the user's", .serialized)
struct OwnVertexShaderTests {
    let image = noiseImage(width: 40, height: 24, seed: 5)

    /// A sharpen filter split as GPUImage 2 splits its own: the vertex shader works out the neighbours and
    /// the weights from `sharpness`, the fragment shader only combines them.
    static let sharpenVertex = """
        attribute vec4 position;
        attribute vec4 inputTextureCoordinate;
        uniform float texelWidth;
        uniform float texelHeight;
        uniform float sharpness;
        varying vec2 textureCoordinate;
        varying vec2 leftTextureCoordinate;
        varying vec2 rightTextureCoordinate;
        varying vec2 topTextureCoordinate;
        varying vec2 bottomTextureCoordinate;
        varying float centreWeight;
        varying float edgeWeight;
        void main() {
            gl_Position = position;
            vec2 across = vec2(texelWidth, 0.0);
            vec2 down = vec2(0.0, texelHeight);
            textureCoordinate = inputTextureCoordinate.xy;
            leftTextureCoordinate = textureCoordinate - across;
            rightTextureCoordinate = textureCoordinate + across;
            topTextureCoordinate = textureCoordinate - down;
            bottomTextureCoordinate = textureCoordinate + down;
            centreWeight = 1.0 + 4.0 * sharpness;
            edgeWeight = sharpness;
        }
        """

    static let sharpenFragment = """
        precision highp float;
        uniform sampler2D inputImageTexture;
        varying vec2 textureCoordinate;
        varying vec2 leftTextureCoordinate;
        varying vec2 rightTextureCoordinate;
        varying vec2 topTextureCoordinate;
        varying vec2 bottomTextureCoordinate;
        varying float centreWeight;
        varying float edgeWeight;
        void main() {
            vec4 centre = texture2D(inputImageTexture, textureCoordinate);
            vec3 edges = texture2D(inputImageTexture, leftTextureCoordinate).rgb + texture2D(inputImageTexture, rightTextureCoordinate).rgb
                + texture2D(inputImageTexture, topTextureCoordinate).rgb + texture2D(inputImageTexture, bottomTextureCoordinate).rgb;
            gl_FragColor = vec4(centre.rgb * centreWeight - edges * edgeWeight, centre.a);
        }
        """

    func executor(_ files: [String: String], node: String) throws -> (GPUWorkspace, GraphExecutor) {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        for (name, text) in files { try workspace.write(name, text) }
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              look: { kind: shader, inputs: { inputImageTexture: photo }, \(node) }
            output: look
            """)
        return (workspace, try GraphExecutor(composition: composition))
    }

    @Test("a .vsh beside the .fsh is its vertex stage: its varyings, its own uniforms and the texel size reach the pass")
    func besideTheFragmentShader() throws {
        let (workspace, executor) = try executor(["sharpen.fsh": Self.sharpenFragment, "sharpen.vsh": Self.sharpenVertex],
                                                 node: "file: sharpen.fsh, uniforms: { sharpness: 0.5 }")
        let output = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        var largest = 0
        for y in 1..<23 {
            for x in 1..<39 {
                let neighbours = [image[x - 1, y], image[x + 1, y], image[x, y - 1], image[x, y + 1]]
                let centre = image[x, y]
                for (got, (value, edges)) in zip([output[x, y].r, output[x, y].g, output[x, y].b],
                                                 [(centre.r, neighbours.map(\.r)), (centre.g, neighbours.map(\.g)), (centre.b, neighbours.map(\.b))]) {
                    let expected = min(255, max(0, 3 * Double(value) - 0.5 * edges.map(Double.init).reduce(0, +)))
                    largest = max(largest, abs(Int(got) - Int(expected.rounded())))
                }
            }
        }
        #expect(largest <= 1)
        withExtendedLifetime(workspace) {}
    }

    @Test("vertex: names the node's vertex shader, and each input's coordinate comes in its own attribute")
    func namedByTheNode() throws {
        let second = gradientImage(width: 40, height: 24)
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        try workspace.writePNG("in2.png", second)
        try workspace.write("pick.fsh", """
            precision highp float;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            varying vec2 firstCoordinate;
            varying vec2 secondCoordinate;
            void main() { gl_FragColor = mix(texture2D(inputImageTexture, firstCoordinate), texture2D(inputImageTexture2, secondCoordinate), 0.5); }
            """)
        // Beside the fragment shader, but the node names another: the one named wins.
        try workspace.write("pick.vsh", "void main() { gl_Position = vec4(0.0); }")
        try workspace.write("stages/shifted.vsh", """
            attribute vec4 position;
            attribute vec4 inputTextureCoordinate;
            attribute vec4 inputTextureCoordinate2;
            uniform vec2 shift;
            varying vec2 firstCoordinate;
            varying vec2 secondCoordinate;
            void main() {
                gl_Position = position;
                firstCoordinate = inputTextureCoordinate.xy;
                secondCoordinate = inputTextureCoordinate2.xy + shift;
            }
            """)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              ramp: { kind: image, file: in2.png }
              look:
                kind: shader
                file: pick.fsh
                vertex: stages/shifted.vsh
                inputs: { inputImageTexture: photo, inputImageTexture2: ramp }
                uniforms: { shift: [\(3.0 / 40), \(2.0 / 24)] }
            output: look
            """)
        let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        for (x, y) in [(4, 4), (20, 11), (33, 17)] {
            let (a, b, got) = (image[x, y], second[x + 3, y + 2], output[x, y])
            for (channel, (value, (left, right))) in [(got.r, (a.r, b.r)), (got.g, (a.g, b.g)), (got.b, (a.b, b.b))].enumerated() {
                #expect(abs(Double(value) - (Double(left) + Double(right)) / 2) <= 1, "at \(x),\(y) channel \(channel)")
            }
        }
    }

    @Test("a mistake in the .vsh is reported at its own file, line and column")
    func errorsAtItsOwnLines() throws {
        let broken = Self.sharpenVertex.replacingOccurrences(of: "edgeWeight = sharpness;", with: "edgeWeight = sharpnes;")
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        try workspace.write("sharpen.fsh", Self.sharpenFragment)
        try workspace.write("sharpen.vsh", broken)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              look: { kind: shader, file: sharpen.fsh, inputs: { inputImageTexture: photo } }
            """)
        #expect {
            _ = try GraphExecutor(composition: composition)
        } throws: { error in
            let first = (error as? DiagnosticsError)?.diagnostics.first
            return first?.location?.file.hasSuffix("sharpen.vsh") == true && first?.location?.line == 23 && first?.location?.column == 18
        }
    }
}

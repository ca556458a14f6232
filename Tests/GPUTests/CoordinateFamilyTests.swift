import GPU
import Images
import ShaderGraph
import Testing

/// GPUImage's vertex shaders beyond the one-input 3×3 neighbourhood: a fragment shader written for one of
/// them is recognised by the varyings it reads and gets the coordinates that vertex shader would give it.
@Suite("GPUImage's coordinate families", .serialized)
struct CoordinateFamilyTests {
    let first = gradientImage(width: 40, height: 24)
    let second = noiseImage(width: 40, height: 24, seed: 7)

    /// Renders `shader` on the node `look`, fed `inputs` (sampler → image) and set up by `node`'s extra keys.
    func render(_ shader: String, inputs: [(sampler: String, image: RGBAImage)], node: String = "") throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        var nodes = ""
        var wires: [String] = []
        for (index, input) in inputs.enumerated() {
            try workspace.writePNG("in\(index).png", input.image)
            nodes += "  image\(index): { kind: image, file: in\(index).png }\n"
            wires.append("\(input.sampler): image\(index)")
        }
        try workspace.write("look.fsh", shader)
        let composition = try workspace.load("""
            size: [40, 24]
            nodes:
            \(nodes)  look: { kind: shader, file: look.fsh, inputs: { \(wires.joined(separator: ", ")) }\(node) }
            output: look
            """)
        return try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
    }

    @Test("a two-input blend reads its first input at textureCoordinate and its second at textureCoordinate2")
    func twoInputBlend() throws {
        let output = try render("""
            varying highp vec2 textureCoordinate;
            varying highp vec2 textureCoordinate2;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            void main() {
                gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * texture2D(inputImageTexture2, textureCoordinate2);
            }
            """, inputs: [("inputImageTexture", first), ("inputImageTexture2", second)])
        for (x, y) in [(0, 0), (7, 3), (21, 12), (39, 23)] {
            let (a, b, pixel) = (first[x, y], second[x, y], output[x, y])
            for (channel, (left, right)) in [(pixel.r, (a.r, b.r)), (pixel.g, (a.g, b.g)), (pixel.b, (a.b, b.b))].enumerated() {
                let expected = (Double(right.0) * Double(right.1) / 255).rounded()
                #expect(abs(Double(left) - expected) <= 1, "at \(x),\(y) channel \(channel)")
            }
        }
    }

    @Test("the second input's neighbours are one texel of the first input away, in their direction", arguments: [
        ("leftTextureCoordinate2", -1, 0), ("rightTextureCoordinate2", 1, 0),
        ("topTextureCoordinate2", 0, -1), ("bottomTextureCoordinate2", 0, 1),
    ])
    func secondInputNeighbours(varying: String, dx: Int, dy: Int) throws {
        let output = try render("""
            varying highp vec2 textureCoordinate;
            varying highp vec2 \(varying);
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            void main() { gl_FragColor = texture2D(inputImageTexture2, \(varying)); }
            """, inputs: [("inputImageTexture", first), ("inputImageTexture2", second)])
        for (x, y) in [(5, 5), (20, 11), (33, 17)] {
            #expect(output[x, y] == second[x + dx, y + dy], "at \(x),\(y)")
        }
    }

    @Test("a fifth input is read at textureCoordinate5, as GPUImage 2's five-input filters do")
    func fifthInput() throws {
        let fifth = noiseImage(width: 40, height: 24, seed: 11)
        let output = try render("""
            varying highp vec2 textureCoordinate;
            varying highp vec2 textureCoordinate5;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture5;
            void main() { gl_FragColor = texture2D(inputImageTexture5, textureCoordinate5); }
            """, inputs: [("inputImageTexture", first), ("inputImageTexture5", fifth)])
        #expect(output == fifth)
    }

    @Test("GPUImage's colour averaging, on a pass a quarter of its input's size, averages each 4×4 block")
    func reductionAveragesBlocks() throws {
        let output = try render("""
            precision highp float;
            uniform sampler2D inputImageTexture;
            varying highp vec2 outputTextureCoordinate;
            varying highp vec2 upperLeftInputTextureCoordinate;
            varying highp vec2 upperRightInputTextureCoordinate;
            varying highp vec2 lowerLeftInputTextureCoordinate;
            varying highp vec2 lowerRightInputTextureCoordinate;
            void main() {
                gl_FragColor = 0.25 * (texture2D(inputImageTexture, upperLeftInputTextureCoordinate)
                    + texture2D(inputImageTexture, upperRightInputTextureCoordinate)
                    + texture2D(inputImageTexture, lowerLeftInputTextureCoordinate)
                    + texture2D(inputImageTexture, lowerRightInputTextureCoordinate));
            }
            """, inputs: [("inputImageTexture", second)], node: ", size: [10, 6]")
        #expect(output.width == 10 && output.height == 6)
        var largest = 0
        for y in 0..<6 {
            for x in 0..<10 {
                var sums = [0, 0, 0]
                for dy in 0..<4 {
                    for dx in 0..<4 {
                        let pixel = second[x * 4 + dx, y * 4 + dy]
                        sums[0] += Int(pixel.r)
                        sums[1] += Int(pixel.g)
                        sums[2] += Int(pixel.b)
                    }
                }
                let pixel = output[x, y]
                for (got, sum) in zip([pixel.r, pixel.g, pixel.b], sums) {
                    largest = max(largest, abs(Int(got) - Int((Double(sum) / 16).rounded())))
                }
            }
        }
        // Each corner is one bilinear read of a 2×2 block, rounded by the sampler: a code at most.
        #expect(largest <= 1)
    }
}

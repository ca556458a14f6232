import Foundation
import GPU
import Images
import ShaderGraph
import Testing

/// GPUImage's blurs: a fragment shader that reads `blurCoordinates[N]` gets them where GPUImage's blur vertex
/// shaders put them, a settable step apart, and blurs as a CPU computes the same kernel.
@Suite("GPUImage's blur convention", .serialized)
struct BlurConventionTests {
    let image = noiseImage(width: 40, height: 24, seed: 3)

    func render(_ shader: String, node: String) throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        try workspace.write("blur.fsh", shader)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: in.png }
              pass: { kind: shader, file: blur.fsh, inputs: { inputImageTexture: photo }\(node) }
            """)
        return try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
    }

    /// A fragment shader as GPUImage writes one: each coordinate's read times its weight.
    func blurShader(weights: [Double], stepUniforms: String = "") -> String {
        let reads = weights.enumerated().map { "    sum += texture2D(inputImageTexture, blurCoordinates[\($0)]) * \($1);" }
        return """
            uniform sampler2D inputImageTexture;
            \(stepUniforms)
            varying highp vec2 blurCoordinates[\(weights.count)];
            void main() {
                lowp vec4 sum = vec4(0.0);
            \(reads.joined(separator: "\n"))
                gl_FragColor = sum;
            }
            """
    }

    /// The kernel applied on the CPU along one axis, edges clamped; the largest difference from `output`
    /// away from the edges, over r, g and b.
    func largestDifference(_ output: RGBAImage, kernel: [Double], vertical: Bool) -> Int {
        let radius = kernel.count / 2
        var largest = 0
        for y in 5..<19 {
            for x in 5..<35 {
                var sums = [0.0, 0.0, 0.0]
                for (index, weight) in kernel.enumerated() {
                    let offset = index - radius
                    let pixel = vertical ? image[x, min(max(y + offset, 0), 23)] : image[min(max(x + offset, 0), 39), y]
                    sums[0] += Double(pixel.r) * weight
                    sums[1] += Double(pixel.g) * weight
                    sums[2] += Double(pixel.b) * weight
                }
                let pixel = output[x, y]
                for (got, sum) in zip([pixel.r, pixel.g, pixel.b], sums) {
                    largest = max(largest, abs(Int(got) - Int(sum.rounded())))
                }
            }
        }
        return largest
    }

    /// GPUImage's normalised Gaussian weights for texels 0 … radius.
    func gaussianWeights(radius: Int, sigma: Double) -> [Double] {
        let raw = (0...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        return raw.map { $0 / total }
    }

    @Test("in order by default: the standard Gaussian's nine coordinates, vertical when texelWidthOffset is 0")
    func orderedVertical() throws {
        let half = gaussianWeights(radius: 4, sigma: 2)
        let kernel = half.dropFirst().reversed() + half
        let output = try render(blurShader(weights: kernel), node: ", uniforms: { texelWidthOffset: 0 }")
        #expect(largestDifference(output, kernel: kernel, vertical: true) <= 1)
    }

    @Test("the step is one texel of the input along each axis unless set, as GPUImage sets it")
    func defaultStep() throws {
        let output = try render(blurShader(weights: [1, 0, 0]), node: "")
        for (x, y) in [(5, 5), (20, 11), (33, 17)] {
            #expect(output[x, y] == image[x - 1, y - 1], "at \(x),\(y)")
        }
    }

    @Test("blur: box puts GPUImage's optimised box blur's pairs at ±1.5 and ±3.5 texels, averaging nine texels")
    func box() throws {
        let weight = 1.0 / 9
        let output = try render(blurShader(weights: [weight, 2 * weight, 2 * weight, 2 * weight, 2 * weight]),
                                node: ", blur: box, uniforms: { texelHeightOffset: 0 }")
        #expect(largestDifference(output, kernel: Array(repeating: weight, count: 9), vertical: false) <= 2)
    }

    @Test("blur: { gaussian: 2 } places GPUImage's optimised Gaussian for sigma 2: five reads make its nine-texel kernel")
    func optimisedGaussian() throws {
        let standard = gaussianWeights(radius: 4, sigma: 2)
        // As GPUImage generates it for radius 4, sigma 2: the centre, then each pair of texels as one weight.
        let weights = [standard[0], standard[1] + standard[2], standard[1] + standard[2], standard[3] + standard[4], standard[3] + standard[4]]
        let shader = blurShader(weights: weights, stepUniforms: "uniform highp float texelWidthOffset;\nuniform highp float texelHeightOffset;")
        let output = try render(shader, node: ", blur: { gaussian: 2 }, uniforms: { texelWidthOffset: 0 }")
        let kernel = standard.dropFirst().reversed() + standard
        #expect(largestDifference(output, kernel: kernel, vertical: true) <= 2)
    }

    @Test("a blur that declares texelWidth and texelHeight, as GPUImage 2's do, takes its step from them")
    func gpuImage2Names() throws {
        let half = gaussianWeights(radius: 2, sigma: 1)
        let kernel = half.dropFirst().reversed() + half
        let shader = blurShader(weights: kernel, stepUniforms: "uniform highp float texelWidth;\nuniform highp float texelHeight;")
        let output = try render(shader, node: ", uniforms: { texelHeight: 0 }")
        #expect(largestDifference(output, kernel: kernel, vertical: false) <= 1)
    }

    @Test("a wider step set by the composition spreads the samples: texelHeightOffset of two texels reads every other row")
    func widerStep() throws {
        let output = try render(blurShader(weights: [0, 0, 1]), node: ", uniforms: { texelWidthOffset: 0, texelHeightOffset: \(2.0 / 24) }")
        for (x, y) in [(5, 5), (20, 11), (33, 17)] {
            #expect(output[x, y] == image[x, y + 2], "at \(x),\(y)")
        }
    }
}

/// An image written as YUV 4:2:0 for a movie encoder or a pipe, a block of 4×2 pixels to a fragment that writes
/// three RGBA targets at once: luma's upper and lower rows, and the two chroma samples interleaved
/// (`yuv420-packing.frag.glsl`; the GPU's `PlanarReadback` reads them back as planes). Each pixel is found once,
/// through `shaderbenchPixel`: read from the image a pass drew, or worked out by the passes that would have
/// drawn it, evaluated at that pixel (`ShaderFusion`), so that no image is drawn between them and the planes.
public struct YUV420Packing: Sendable, Hashable {
    /// Luma's weights of red and blue (green's is what is left): the matrix the planes are in.
    public var redWeight: Double
    public var blueWeight: Double

    public init(redWeight: Double, blueWeight: Double) {
        self.redWeight = redWeight
        self.blueWeight = blueWeight
    }

    /// The names of what the workbench sets: the image's size, and the matrix as luma's weights and the spans of
    /// B − Y and R − Y.
    package static let imageSize = "shaderbenchImageSize"
    package static let lumaWeights = "shaderbenchLumaWeights"
    package static let chromaSpans = "shaderbenchChromaSpans"

    /// Luma's weights of red, green and blue, and the spans of B − Y and R − Y that Cb and Cr scale to ±0.5.
    package var uniformValues: (lumaWeights: [Float], chromaSpans: [Float]) {
        ([Float(redWeight), Float(1 - redWeight - blueWeight), Float(blueWeight)], [Float(2 * (1 - blueWeight)), Float(2 * (1 - redWeight))])
    }

    /// The packing of the image `sampler` holds, in GLSL ES 3.00: the readback's own program.
    package static func fragmentSource(readingSampler sampler: String) -> String {
        (["#version 300 es", "uniform highp sampler2D \(sampler);"] + DialectShaderFile.yuv420Packing.lines
            + ["vec3 shaderbenchPixel(ivec2 position) {", "    return texelFetch(\(sampler), position, 0).rgb;", "}"])
            .joined(separator: "\n")
    }
}

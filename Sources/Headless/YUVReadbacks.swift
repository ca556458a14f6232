import Foundation
import GPU
import ShaderLanguage
import VideoFrames

/// The YUV 4:2:0 readback for this renderer, from what BENCHMARKS measured: on a GPU the conversion is nearly free
/// and moves 37.5% of the bytes; on Mesa's software rasterizer the conversion pass costs more than reading RGBA and
/// converting it on the CPU.
enum YUVReadbacks {
    /// `SHADERBENCH_YUV_CONVERSION=gpu` or `cpu` overrides the choice, to measure one against the other.
    static let override = ProcessInfo.processInfo.environment["SHADERBENCH_YUV_CONVERSION"]

    /// Whether the CPU converts here: on Mesa's software rasterizers, unless overridden.
    static var convertsOnCPU: Bool {
        if let override { return override == "cpu" }
        return GLInfo.isSoftwareRasterizer
    }

    /// The faster readback for this renderer; the GPU's for an odd size, which it pads to even.
    static func make(imageSize: PixelSize, depth: Int = 2, matrix: ColorEncoding.Matrix = .bt709) throws(GPUError) -> any FrameReadback {
        if convertsOnCPU, let software = SoftwarePlanarReadback(imageSize: imageSize, matrix: matrix) { return software }
        return try PlanarReadback(imageSize: imageSize, depth: depth, matrix: matrix)
    }
}

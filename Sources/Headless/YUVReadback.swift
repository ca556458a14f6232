import Foundation
import GPU
import Media
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Where rendered frames become the YUV 4:2:0 planes a movie, a pipe or a virtual camera takes: converted on the
/// GPU and read back (`PlanarReadback`), or read back as RGBA and converted by libswscale
/// (`SoftwarePlanarReadback`). `make` picks by the renderer, from what BENCHMARKS measured: on a GPU the
/// conversion is nearly free and moves 37.5% of the bytes; on Mesa's software rasterizer the conversion pass
/// costs more than reading RGBA and converting it on the CPU.
protocol YUVReadback: AnyObject {
    /// The frames' size: the image's, rounded up to even.
    var size: PixelSize { get }
    /// Converts `image` (frame `index`) and reads it; the oldest frame ready, if one is.
    func push(_ image: RenderTarget, index: Int) throws(GPUError) -> VideoFrame?
    /// The frames still in flight, oldest first.
    func drain() throws(GPUError) -> [VideoFrame]
    /// Gives a frame's storage back once the writer has it.
    func recycle(_ frame: VideoFrame)
}

extension PlanarReadback: YUVReadback {}

enum YUVReadbacks {
    /// `SHADERBENCH_YUV_CONVERSION=gpu` or `cpu` overrides the choice, to measure one against the other.
    static let override = ProcessInfo.processInfo.environment["SHADERBENCH_YUV_CONVERSION"]

    /// Whether the CPU converts here: on Mesa's software rasterizers, unless overridden.
    static var convertsOnCPU: Bool {
        if let override { return override == "cpu" }
        let renderer = GLInfo.renderer.lowercased()
        return renderer.contains("llvmpipe") || renderer.contains("softpipe")
    }

    /// The faster readback for this renderer; the GPU's for an odd size, which it pads to even.
    static func make(imageSize: PixelSize, depth: Int = 2, matrix: ColorEncoding.Matrix = .bt709) throws(GPUError) -> any YUVReadback {
        if convertsOnCPU, let software = SoftwarePlanarReadback(imageSize: imageSize, matrix: matrix) { return software }
        return try PlanarReadback(imageSize: imageSize, depth: depth, matrix: matrix)
    }
}

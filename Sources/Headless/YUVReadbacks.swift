import GPU
import ShaderLanguage
import VideoFrames

/// The YUV 4:2:0 readback for this renderer, for writers that take only planes (a pipe, a virtual camera): the
/// GPU's conversion, or RGBA converted by libswscale where `FrameReadbacks` says the CPU converts.
package enum YUVReadbacks {
    /// The faster readback for this renderer; the GPU's for an odd size, which it pads to even, and for frames
    /// whose last pass `packed` them (`GraphExecutor.packsOutput`).
    package static func make(imageSize: PixelSize, depth: Int = 2, matrix: ColorEncoding.Matrix = .bt709, packed: Bool = false) throws(GPUError) -> any FrameReadback {
        if packed { return try PlanarReadback(imageSize: imageSize, depth: depth, matrix: matrix, packed: true) }
        if FrameReadbacks.convertsOnCPU, let software = SoftwarePlanarReadback(imageSize: imageSize, matrix: matrix) { return software }
        return try PlanarReadback(imageSize: imageSize, depth: depth, matrix: matrix)
    }
}

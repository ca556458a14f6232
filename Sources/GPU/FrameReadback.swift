import Foundation
import ShaderLanguage
import VideoFrames

/// Where rendered frames become the frames a writer takes: YUV 4:2:0 planes converted on the GPU, by a pass of
/// their own or the frame's last, and read back (`PlanarReadback`), RGBA read back and converted to YUV on the CPU
/// (Headless's `SoftwarePlanarReadback`), or
/// RGBA read back for a movie writer to convert on its encoder's thread (`RGBAReadback`).
public protocol FrameReadback: AnyObject {
    /// The frames' size: the image's, rounded up to even.
    var size: PixelSize { get }
    /// Converts `image` (frame `index`) and reads it; the oldest frame ready, if one is.
    func push(_ image: RenderTarget, index: Int) throws(GPUError) -> VideoFrame?
    /// The frames still in flight, oldest first.
    func drain() throws(GPUError) -> [VideoFrame]
    /// Gives a frame's storage back once the writer has it.
    func recycle(_ frame: VideoFrame)
}

extension PlanarReadback: FrameReadback {}

extension GPUError {
    /// An image pushed to a readback made for frames of another size: the frames of a movie, a pipe or a virtual
    /// camera all have the size they were opened at.
    package static func imageSize(_ image: PixelSize, notFrameSize frame: PixelSize) -> GPUError {
        GPUError("a \(image) image cannot be read back as a frame of the \(frame) video")
    }
}

/// The choice between the GPU's conversion to YUV and the CPU's, from what BENCHMARKS measured: on a GPU the
/// conversion is nearly free and moves 37.5% of the bytes; on Mesa's software rasterizer a conversion pass of its
/// own costs about what reading RGBA and converting it with libswscale does, which the encoder's thread can do
/// beside the drawing, but drawing the planes in the output's own program costs less than either.
public enum FrameReadbacks {
    /// `SHADERBENCH_YUV_CONVERSION=gpu` or `cpu` overrides the choice, to measure one against the other.
    static let override = ProcessInfo.processInfo.environment["SHADERBENCH_YUV_CONVERSION"]

    /// Whether the CPU converts to YUV with the current context, where the output's pass does not draw the planes
    /// itself: on Mesa's software rasterizers, unless overridden.
    public static var convertsOnCPU: Bool {
        if let override { return override == "cpu" }
        return GLInfo.isSoftwareRasterizer
    }

    /// Whether the output's pass may draw the planes itself (`GraphExecutor.packsOutput`): on every renderer,
    /// unless the CPU's conversion is asked for.
    public static var packsInOutputPass: Bool {
        override != "cpu"
    }

    /// The readback for a movie writer, which converts RGBA to 4:2:0 on its encoder's thread: RGBA where the CPU
    /// converts and the size is even, else the GPU's conversion (which pads an odd size to even); the planes as
    /// they are for frames whose last pass `packed` them (`GraphExecutor.packsOutput`).
    public static func forMovie(imageSize: PixelSize, packed: Bool = false) throws(GPUError) -> any FrameReadback {
        if packed { return try PlanarReadback(imageSize: imageSize, packed: true) }
        if convertsOnCPU, let rgba = RGBAReadback(imageSize: imageSize) { return rgba }
        return try PlanarReadback(imageSize: imageSize)
    }
}

import GPU
import ShaderLanguage
import VideoFrames

/// Where rendered frames become the frames a writer takes: YUV 4:2:0 planes converted on the GPU and read back
/// (`PlanarReadback`), RGBA read back and converted to YUV by libswscale (`SoftwarePlanarReadback`), or RGBA read
/// back for a movie writer to convert on its own thread (`RGBAReadback`).
protocol FrameReadback: AnyObject {
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

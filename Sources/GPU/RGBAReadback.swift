import ShaderLanguage
import VideoFrames

/// Frames read back as RGBA and handed on as they are, for a movie writer that converts them to YUV on its
/// encoder's thread: where the CPU converts (a software rasterizer), this takes the conversion off the render's
/// thread, so the next frame is drawn while the last is converted. Each frame is ready as soon as it is pushed.
public final class RGBAReadback: FrameReadback {
    public let size: PixelSize

    /// Nil for an odd size, which 4:2:0 cannot take whole.
    public init?(imageSize: PixelSize) {
        guard imageSize.width % 2 == 0, imageSize.height % 2 == 0 else { return nil }
        size = imageSize
    }

    public func push(_ image: RenderTarget, index: Int) throws(GPUError) -> VideoFrame? {
        guard image.size == size else { throw .imageSize(image.size, notFrameSize: size) }
        let rgba = image.readPixels().pixels
        try GLInfo.check("reading a frame back as RGBA")
        let layout = FrameLayout(format: .rgba, width: size.width, height: size.height,
                                 planes: [.init(offset: 0, bytesPerRow: size.width * 4)], byteCount: rgba.count,
                                 encoding: ColorEncoding(matrix: .bt709, range: .full))
        return VideoFrame(layout: layout, bytes: rgba, sequence: UInt32(truncatingIfNeeded: index), timestamp: Double(index))
    }

    public func drain() throws(GPUError) -> [VideoFrame] { [] }

    /// Keeps nothing: the writer's queue still holds a frame when it is handed back, so reusing its bytes would
    /// copy them before the next read overwrote them.
    public func recycle(_ frame: VideoFrame) {}
}

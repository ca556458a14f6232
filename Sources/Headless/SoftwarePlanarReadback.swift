import GPU
import Media
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Frames read back as RGBA and converted to YUV 4:2:0 by libswscale on the render's thread: the faster way on
/// a software rasterizer, where a conversion pass is CPU work too and reading RGBA is a memory copy. Each frame
/// is ready as soon as it is pushed.
final class SoftwarePlanarReadback: FrameReadback {
    let size: PixelSize
    private let converter: RGBAToI420Converter
    private var rgba: [UInt8] = []
    private var spare: [[UInt8]] = []

    /// Nil for an odd size, which `PlanarReadback` pads instead.
    init?(imageSize: PixelSize, matrix: ColorEncoding.Matrix) {
        guard let converter = RGBAToI420Converter(width: imageSize.width, height: imageSize.height, matrix: matrix) else { return nil }
        self.converter = converter
        size = imageSize
    }

    func push(_ image: RenderTarget, index: Int) throws(GPUError) -> VideoFrame? {
        image.readPixels(into: &rgba)
        try GLInfo.check("reading a frame back as RGBA")
        var planes = spare.popLast() ?? []
        guard converter.convert(rgba, into: &planes) else { throw .imageSize(image.size, notFrameSize: size) }
        return VideoFrame(layout: converter.layout, bytes: planes, sequence: UInt32(truncatingIfNeeded: index), timestamp: Double(index))
    }

    func drain() throws(GPUError) -> [VideoFrame] { [] }

    func recycle(_ frame: VideoFrame) {
        if spare.count < 2 { spare.append(frame.bytes) }
    }
}

import GPU
import Images
import Media
import ShaderLanguage
import Testing
import TestSupport
import VideoFrames

/// A movie's frames converted to RGBA by libswscale on the decoder's thread (where the GPU is software) show
/// the same picture as the GPU's conversion of the frames as stored.
@Suite("Movie frames converted on the CPU and on the GPU", .serialized)
struct MovieConversionSiteTests {
    /// The first frame of the movie at `path` decoded with `site`, converted into an upright RGBA image.
    static func firstImage(_ path: String, site: FrameConversionSite) throws -> (FrameLayout, RGBAImage) {
        let reader = try MovieReader(path: path, conversionSite: site)
        defer { reader.stop() }
        let frame = try #require(try reader.frame(at: 0, wait: 10))
        let shown = frame.layout.displaySize
        let target = try RenderTarget(TextureDescriptor(size: PixelSize(width: shown.width, height: shown.height)))
        #expect(try FrameConverter().convert(frame, into: target))
        return (frame.layout, target.readPixels())
    }

    /// Every native YCbCr layout, limited and full range, BT.601 and BT.709: uncompressed, so both ways start
    /// from the same codes.
    @Test(arguments: [("yuv420p", [String]()), ("yuv422p", []), ("yuv444p", []), ("nv12", []), ("yuyv422", []),
                      ("uyvy422", []), ("yuvj420p", []),
                      ("yuv420p", ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"])])
    func sameImageEitherWay(pixelFormat: String, tags: [String]) throws {
        let context = try HeadlessContext()
        let folder = try TemporaryFolder()
        var clip = TestClip(width: 96, height: 64, frames: 2)
        clip.pixelFormat = pixelFormat
        clip.videoCodec = "rawvideo"
        clip.extraArguments = tags
        let path = folder.file("clip.nut")
        try clip.write(to: path)
        let (storedLayout, gpu) = try Self.firstImage(path, site: .gpu)
        let (convertedLayout, cpu) = try Self.firstImage(path, site: .cpu)
        #expect(storedLayout.format != .rgba)
        #expect(convertedLayout.format == .rgba && convertedLayout.isOpaque)
        #expect(convertedLayout.encoding == storedLayout.encoding)
        let largest = zip(cpu.pixels, gpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(cpu.width == gpu.width && cpu.height == gpu.height && largest <= 1,
                "\(pixelFormat) \(tags): largest difference \(largest)")
        withExtendedLifetime(context) {}
    }
}

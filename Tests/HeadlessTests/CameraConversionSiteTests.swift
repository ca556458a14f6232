import GPU
import Images
import Media
import ShaderLanguage
import Testing
import TestSupport
import VideoFrames

/// A camera's frames converted to RGBA by libswscale on its capture thread (where the GPU is software) show the
/// same picture as the GPU's conversion of the frames as the device stored them.
@Suite("Camera frames converted on the CPU and on the GPU", .serialized)
struct CameraConversionSiteTests {
    static let width = 8, height = 6
    /// Rows longer than the picture, as drivers may store them.
    static let padding = 4

    /// Codes that differ from pixel to pixel and from one chroma sample to the next.
    static func luma(_ x: Int, _ y: Int) -> UInt8 { UInt8(16 + (x * 37 + y * 11) % 220) }
    static func cb(_ x: Int, _ y: Int) -> UInt8 { UInt8(28 + (x * 53 + y * 29) % 200) }
    static func cr(_ x: Int, _ y: Int) -> UInt8 { UInt8(28 + (x * 17 + y * 71) % 200) }

    /// A frame of `format` holding those codes, stored as a V4L2 driver stores it.
    static func frame(_ format: PlaneFormat, encoding: ColorEncoding) -> VideoFrame {
        let (horizontal, vertical) = format.chromaSubsampling
        let chromaWidth = width / horizontal, chromaHeight = height / vertical
        var bytes: [UInt8] = []
        var planes: [FrameLayout.Plane] = []
        func plane(rowBytes: Int, rows: Int, _ byte: (Int, Int) -> UInt8) {
            planes.append(.init(offset: bytes.count, bytesPerRow: rowBytes + padding))
            for y in 0..<rows {
                bytes += (0..<rowBytes).map { byte($0, y) } + [UInt8](repeating: 0, count: padding)
            }
        }
        switch format {
        case .yuyv, .uyvy:
            plane(rowBytes: width * 2, rows: height) { column, y in
                let x = column / 4 * 2
                let codes = format == .yuyv ? [luma(x, y), cb(x / 2, y), luma(x + 1, y), cr(x / 2, y)]
                    : [cb(x / 2, y), luma(x, y), cr(x / 2, y), luma(x + 1, y)]
                return codes[column % 4]
            }
        case .nv12:
            plane(rowBytes: width, rows: height, luma)
            plane(rowBytes: width, rows: chromaHeight) { column, y in column % 2 == 0 ? cb(column / 2, y) : cr(column / 2, y) }
        default:
            plane(rowBytes: width, rows: height, luma)
            // YV12 stores Cr before Cb.
            let crFirst = format == .yv12
            plane(rowBytes: chromaWidth, rows: chromaHeight) { x, y in crFirst ? cr(x, y) : cb(x, y) }
            plane(rowBytes: chromaWidth, rows: chromaHeight) { x, y in crFirst ? cb(x, y) : cr(x, y) }
        }
        let layout = FrameLayout(format: format, width: width, height: height, planes: planes, byteCount: bytes.count, encoding: encoding)
        return VideoFrame(layout: layout, bytes: bytes, sequence: 0, timestamp: 0)
    }

    static func shown(_ frame: VideoFrame) throws -> RGBAImage {
        let target = try RenderTarget(TextureDescriptor(size: PixelSize(width: width, height: height)))
        #expect(try FrameConverter().convert(frame, into: target))
        return target.readPixels()
    }

    @Test(arguments: [PlaneFormat.yuyv, .uyvy, .nv12, .i420, .yv12, .yuv422p, .yuv444p],
          [ColorEncoding(matrix: .bt601, range: .limited), ColorEncoding(matrix: .bt709, range: .full)])
    func sameImageEitherWay(format: PlaneFormat, encoding: ColorEncoding) throws {
        let context = try HeadlessContext()
        let stored = Self.frame(format, encoding: encoding)
        var rgba: [UInt8] = []
        let layout = try #require(stored.bytes.withUnsafeBytes { CameraFrameConverter().convert($0, layout: stored.layout, into: &rgba) })
        #expect(layout.format == .rgba && layout.isOpaque)
        let gpu = try Self.shown(stored)
        let cpu = try Self.shown(VideoFrame(layout: layout, bytes: rgba, sequence: 0, timestamp: 0))
        var largest = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let a = gpu[x, y], b = cpu[x, y]
                largest = max(largest, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        #expect(largest <= 1, "\(format) \(encoding): the two conversions differ by \(largest)")
        withExtendedLifetime(context) {}
    }

    @Test("RGB frames are left as the device stored them")
    func rgbIsLeft() throws {
        let layout = FrameLayout(contiguous: .rgb24, width: 2, height: 2, bytesPerRow: 6, encoding: ColorEncoding(matrix: .bt601, range: .limited))
        var rgba: [UInt8] = []
        let converted = [UInt8](repeating: 9, count: 12).withUnsafeBytes { CameraFrameConverter().convert($0, layout: layout, into: &rgba) }
        #expect(converted == nil)
    }
}

import CFFmpeg
import VideoFrames

/// Turns a decoded picture into a frame's bytes and layout. Formats the GPU converts in a shader are copied
/// plane by plane as they are, rows packed tightly (an RGB row's stride must be whole pixels for the
/// upload), unless the CPU is where they are converted; every other format goes through libswscale to RGBA.
final class PictureCopier {
    private let conversionSite: FrameConversionSite
    private let converter = RGBAConverter(chroma: .interpolated)
    private let nearestConverter = RGBAConverter(chroma: .nearest)

    init(conversionSite: FrameConversionSite) {
        self.conversionSite = conversionSite
    }

    /// The plane format a shader takes `format` as, or nil when it needs converting on the CPU.
    static func nativeFormat(of format: AVPixelFormat) -> PlaneFormat? {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: .i420
        case AV_PIX_FMT_NV12: .nv12
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: .yuv422p
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: .yuv444p
        case AV_PIX_FMT_YUYV422: .yuyv
        case AV_PIX_FMT_UYVY422: .uyvy
        case AV_PIX_FMT_RGB24: .rgb24
        case AV_PIX_FMT_BGR24: .bgr24
        case AV_PIX_FMT_RGBA: .rgba
        default: nil
        }
    }

    /// Fills `bytes` with `picture` and says how they lie; nil when the format cannot be had at all.
    func copy(_ picture: DecodedPicture, encoding: ColorEncoding, quarterTurns: Int, pixelAspect: Double,
              into bytes: inout [UInt8]) -> FrameLayout? {
        let width = picture.width, height = picture.height
        func converted(by converter: RGBAConverter, isOpaque: Bool) -> FrameLayout? {
            guard converter.convert(picture, encoding: encoding, into: &bytes) else { return nil }
            return FrameLayout(format: .rgba, width: width, height: height,
                               planes: [.init(offset: 0, bytesPerRow: width * 4)], byteCount: bytes.count,
                               encoding: encoding, quarterTurns: quarterTurns, pixelAspect: pixelAspect, isOpaque: isOpaque)
        }
        guard let format = Self.nativeFormat(of: picture.pixelFormat) else {
            return converted(by: converter, isOpaque: false)
        }
        if conversionSite == .cpu, format.isYCbCr {
            return converted(by: nearestConverter, isOpaque: true)
        }
        bytes.removeAll(keepingCapacity: true)
        let chromaRows = (height + format.chromaSubsampling.vertical - 1) / format.chromaSubsampling.vertical
        var planes: [FrameLayout.Plane] = []
        let frame = picture.frame
        for plane in 0..<format.planeCount {
            let rowBytes = Int(av_image_get_linesize(picture.pixelFormat, Int32(width), Int32(plane)))
            let rows = plane == 0 ? height : chromaRows
            let stride = Int(withUnsafeBytes(of: frame.pointee.linesize) { $0.load(fromByteOffset: plane * 4, as: Int32.self) })
            let start = withUnsafeBytes(of: frame.pointee.data) {
                $0.load(fromByteOffset: plane * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                        as: UnsafeMutablePointer<UInt8>?.self)
            }
            guard let start, rowBytes > 0 else { return nil }
            planes.append(.init(offset: bytes.count, bytesPerRow: rowBytes))
            if stride == rowBytes {
                bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: rowBytes * rows))
            } else {
                for row in 0..<rows {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: start.advanced(by: row * stride), count: rowBytes))
                }
            }
        }
        return FrameLayout(format: format, width: width, height: height, planes: planes, byteCount: bytes.count,
                           encoding: encoding, quarterTurns: quarterTurns, pixelAspect: pixelAspect)
    }
}

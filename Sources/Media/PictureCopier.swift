import CFFmpeg
import VideoFrames

/// Turns a decoded picture into a frame's bytes and layout. Formats the GPU converts in a shader are copied
/// plane by plane as they are, rows packed tightly (an RGB row's stride must be whole pixels for the
/// upload), unless the CPU is where they are converted (`YCbCrToRGBA`); every other format goes through
/// libswscale to RGBA.
final class PictureCopier {
    private let conversionSite: FrameConversionSite
    private let converter = RGBAConverter()
    /// The CPU's conversion of the formats the GPU takes, kept while the movie's encoding holds.
    private var nearestConverter: YCbCrToRGBA?

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
        func rgba(isOpaque: Bool) -> FrameLayout {
            FrameLayout(format: .rgba, width: width, height: height, planes: [.init(offset: 0, bytesPerRow: width * 4)],
                        byteCount: bytes.count, encoding: encoding, quarterTurns: quarterTurns, pixelAspect: pixelAspect,
                        isOpaque: isOpaque)
        }
        guard let format = Self.nativeFormat(of: picture.pixelFormat) else {
            return converter.convert(picture, encoding: encoding, into: &bytes) ? rgba(isOpaque: false) : nil
        }
        if conversionSite == .cpu, format.isYCbCr {
            return convertNearest(picture, format: format, encoding: encoding, into: &bytes) ? rgba(isOpaque: true) : nil
        }
        bytes.removeAll(keepingCapacity: true)
        let chromaRows = (height + format.chromaSubsampling.vertical - 1) / format.chromaSubsampling.vertical
        var planes: [FrameLayout.Plane] = []
        for plane in 0..<format.planeCount {
            let rowBytes = Int(av_image_get_linesize(picture.pixelFormat, Int32(width), Int32(plane)))
            let rows = plane == 0 ? height : chromaRows
            let (start, stride) = Self.plane(plane, of: picture)
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

    /// Converts a picture the GPU could take into RGBA as the GPU's conversion would, each pixel its own chroma.
    private func convertNearest(_ picture: DecodedPicture, format: PlaneFormat, encoding: ColorEncoding, into bytes: inout [UInt8]) -> Bool {
        if nearestConverter?.encoding != encoding { nearestConverter = YCbCrToRGBA(encoding: encoding) }
        guard let converter = nearestConverter else { return false }
        var planes: [YCbCrToRGBA.Plane] = []
        for index in 0..<format.planeCount {
            let (start, stride) = Self.plane(index, of: picture)
            guard let start else { return false }
            planes.append(.init(base: UnsafePointer(start), bytesPerRow: stride))
        }
        let count = picture.width * picture.height * 4
        // Every byte is written by the conversion: the storage needs no clearing, only its size.
        if bytes.count != count { bytes = [UInt8](unsafeUninitializedCapacity: count) { $1 = count } }
        return bytes.withUnsafeMutableBufferPointer { output in
            guard let base = output.baseAddress else { return false }
            return converter.convert(format, width: picture.width, height: picture.height, planes: planes, into: base)
        }
    }

    /// Where plane `index` of the decoded picture starts and how far apart its rows are.
    private static func plane(_ index: Int, of picture: DecodedPicture) -> (start: UnsafeMutablePointer<UInt8>?, stride: Int) {
        let frame = picture.frame
        let stride = Int(withUnsafeBytes(of: frame.pointee.linesize) { $0.load(fromByteOffset: index * 4, as: Int32.self) })
        let start = withUnsafeBytes(of: frame.pointee.data) {
            $0.load(fromByteOffset: index * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride, as: UnsafeMutablePointer<UInt8>?.self)
        }
        return (start, stride)
    }
}

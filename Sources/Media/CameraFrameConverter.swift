import CFFmpeg
import Foundation
import VideoFrames

/// libswscale turning a camera's YCbCr frames (YUYV, UYVY, NV12, I420, YV12, 4:2:2 and 4:4:4 planes) into opaque
/// RGBA on its capture thread, each pixel taking its stored chroma sample as the GPU's conversion does, so the
/// two agree within a level (`RGBAConverter.Chroma.nearest`). Its `SwsContext` is kept while the frames' shape
/// holds; a lock keeps it to one caller at a time.
public final class CameraFrameConverter: RGBAFrameConversion, @unchecked Sendable {
    private let converter = RGBAConverter(chroma: .nearest)
    private let lock = NSLock()

    public init() {}

    public func convert(_ bytes: UnsafeRawBufferPointer, layout: FrameLayout, into rgba: inout [UInt8]) -> FrameLayout? {
        guard let format = Self.pixelFormat(of: layout.format), let base = bytes.baseAddress, layout.byteCount <= bytes.count,
              layout.planes.count == layout.format.planeCount else { return nil }
        // libswscale takes Cb before Cr; YV12 stores Cr first.
        let order = layout.format == .yv12 ? [0, 2, 1] : Array(layout.planes.indices)
        let planes: [UnsafePointer<UInt8>?] = order.map { base.advanced(by: layout.planes[$0].offset).assumingMemoryBound(to: UInt8.self) }
            + Array(repeating: nil, count: 4 - order.count)
        let strides = order.map { Int32(layout.planes[$0].bytesPerRow) } + Array(repeating: 0, count: 4 - order.count)
        let converted = lock.withLock {
            converter.convert(planes: planes, strides: strides, width: layout.width, height: layout.height,
                              format: format, encoding: layout.encoding, into: &rgba)
        }
        guard converted else { return nil }
        return FrameLayout(format: .rgba, width: layout.width, height: layout.height,
                           planes: [.init(offset: 0, bytesPerRow: layout.width * 4)], byteCount: rgba.count,
                           encoding: layout.encoding, quarterTurns: layout.quarterTurns, pixelAspect: layout.pixelAspect, isOpaque: true)
    }

    /// libswscale's name for a YCbCr plane format; nil for RGB, which needs no conversion.
    static func pixelFormat(of format: PlaneFormat) -> AVPixelFormat? {
        switch format {
        case .yuyv: AV_PIX_FMT_YUYV422
        case .uyvy: AV_PIX_FMT_UYVY422
        case .nv12: AV_PIX_FMT_NV12
        case .i420, .yv12: AV_PIX_FMT_YUV420P
        case .yuv422p: AV_PIX_FMT_YUV422P
        case .yuv444p: AV_PIX_FMT_YUV444P
        case .rgb24, .bgr24, .rgba: nil
        }
    }
}

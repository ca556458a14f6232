import Foundation
import VideoFrames

/// A camera's YCbCr frames (YUYV, UYVY, NV12, I420, YV12, 4:2:2 and 4:4:4 planes) turned into opaque RGBA on
/// its capture thread by `YCbCrToRGBA`, the GPU's conversion done on the CPU. The converter is kept while the
/// frames' encoding holds; a lock keeps it to one caller at a time.
public final class CameraFrameConverter: RGBAFrameConversion, @unchecked Sendable {
    private var converter: YCbCrToRGBA?
    private let lock = NSLock()

    public init() {}

    public func convert(_ bytes: UnsafeRawBufferPointer, layout: FrameLayout, into rgba: inout [UInt8]) -> FrameLayout? {
        guard let base = bytes.baseAddress,
              YCbCrToRGBA.fits(layout.format, width: layout.width, height: layout.height, planes: layout.planes, in: bytes.count)
        else { return nil }
        let planes = layout.planes.map {
            YCbCrToRGBA.Plane(base: base.advanced(by: $0.offset).assumingMemoryBound(to: UInt8.self), bytesPerRow: $0.bytesPerRow)
        }
        let count = layout.width * layout.height * 4
        // Every byte is written by the conversion: the storage needs no clearing, only its size.
        if rgba.count != count { rgba = [UInt8](unsafeUninitializedCapacity: count) { $1 = count } }
        let converted = lock.withLock {
            if converter?.encoding != layout.encoding { converter = YCbCrToRGBA(encoding: layout.encoding) }
            return rgba.withUnsafeMutableBufferPointer { output in
                guard let converter, let start = output.baseAddress else { return false }
                return converter.convert(layout.format, width: layout.width, height: layout.height, planes: planes, into: start)
            }
        }
        guard converted else { return nil }
        return FrameLayout(format: .rgba, width: layout.width, height: layout.height,
                           planes: [.init(offset: 0, bytesPerRow: layout.width * 4)], byteCount: rgba.count,
                           encoding: layout.encoding, quarterTurns: layout.quarterTurns, pixelAspect: layout.pixelAspect, isOpaque: true)
    }
}

import CFFmpeg
import Foundation
import VideoFrames

/// libswscale turning pictures in formats the GPU's shaders do not take (10-bit, paletted, planar RGB, grey, …)
/// into tightly packed RGBA, chroma interpolated, with accurate rounding. Owns the `SwsContext`, which it keeps
/// while the picture's shape holds. (Formats the GPU takes become RGBA on the CPU by `YCbCrToRGBA`, which does
/// the GPU's arithmetic.)
final class RGBAConverter {
    private static let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
    private var context: OpaquePointer?

    deinit {
        sws_freeContext(context)
    }

    /// Converts `picture` into `bytes` (resized to width × height × 4), reading YCbCr with `encoding`.
    /// False when libswscale cannot convert the format at all.
    func convert(_ picture: DecodedPicture, encoding: ColorEncoding, into bytes: inout [UInt8]) -> Bool {
        let frame = picture.frame
        return withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { strides in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                    strides.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        convert(planes: planes, strides: strides, width: picture.width, height: picture.height,
                                format: picture.pixelFormat, encoding: encoding, into: &bytes)
                    }
                }
            }
        }
    }

    /// Converts a picture of `format` whose planes start at `planes`, each row `strides` bytes apart (libswscale's
    /// order: Y, Cb, Cr), into `bytes` as `convert(_:encoding:into:)` does.
    func convert(planes: UnsafePointer<UnsafePointer<UInt8>?>, strides: UnsafePointer<Int32>, width: Int, height: Int,
                 format: AVPixelFormat, encoding: ColorEncoding, into bytes: inout [UInt8]) -> Bool {
        context = sws_getCachedContext(context, Int32(width), Int32(height), format,
                                       Int32(width), Int32(height), AV_PIX_FMT_RGBA, Self.flags, nil, nil, nil)
        guard let context else { return false }
        let sourceFull: Int32 = encoding.range == .full ? 1 : 0
        _ = sws_setColorspaceDetails(context, sws_getCoefficients(encoding.scalerColorspace), sourceFull,
                                     sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        let rowBytes = width * 4
        let count = rowBytes * height
        if bytes.count != count {
            // memset, not an element-by-element fill: a new frame's storage must cost little in any build.
            bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let start = buffer.baseAddress { memset(start, 0, count) }
                initialized = count
            }
        }
        let converted = bytes.withUnsafeMutableBufferPointer { destination in
            var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [destination.baseAddress, nil, nil, nil]
            var destinationStrides: [Int32] = [Int32(rowBytes), 0, 0, 0]
            return sws_scale(context, planes, strides, 0, Int32(height), &destinationPlanes, &destinationStrides)
        }
        return converted == Int32(height)
    }
}

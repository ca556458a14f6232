import CFFmpeg
import VideoFrames

/// libswscale turning pictures in formats the GPU's shaders do not take (10-bit, paletted, planar RGB,
/// grey, …) into tightly packed RGBA. Owns the `SwsContext`, which it keeps while the picture's shape holds.
final class RGBAConverter {
    private var context: OpaquePointer?

    deinit {
        sws_freeContext(context)
    }

    /// Converts `picture` into `bytes` (resized to width × height × 4), reading YCbCr with `encoding`.
    /// False when libswscale cannot convert the format at all.
    func convert(_ picture: DecodedPicture, encoding: ColorEncoding, into bytes: inout [UInt8]) -> Bool {
        let width = Int32(picture.width), height = Int32(picture.height)
        // Full chroma interpolation and accurate rounding: colours close to what the shaders would give.
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
        context = sws_getCachedContext(context, width, height, picture.pixelFormat,
                                       width, height, AV_PIX_FMT_RGBA, flags, nil, nil, nil)
        guard let context else { return false }
        let sourceFull: Int32 = encoding.range == .full ? 1 : 0
        _ = sws_setColorspaceDetails(context, sws_getCoefficients(encoding.scalerColorspace), sourceFull,
                                     sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        let rowBytes = Int(width) * 4
        let count = rowBytes * Int(height)
        if bytes.count != count {
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: repeatElement(0, count: count))
        }
        let frame = picture.frame
        let converted = withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { strides in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sourcePlanes in
                    strides.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                        bytes.withUnsafeMutableBufferPointer { destination in
                            var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [destination.baseAddress, nil, nil, nil]
                            var destinationStrides: [Int32] = [Int32(rowBytes), 0, 0, 0]
                            return sws_scale(context, sourcePlanes, sourceStrides, 0, height,
                                             &destinationPlanes, &destinationStrides)
                        }
                    }
                }
            }
        }
        return converted == height
    }
}

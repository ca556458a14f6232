import CFFmpeg
import VideoFrames

/// libswscale turning the writer's 4:2:0 pictures into the format an encoder that does not take 4:2:0 wants
/// (ProRes's 10-bit 4:2:2, MJPEG's full-range YUV, PNG's RGB). Owns the `SwsContext`; pictures keep one size.
final class EncoderPictureConverter {
    private let context: OpaquePointer

    /// Nil when libswscale cannot make `target` from 4:2:0.
    init?(width: Int32, height: Int32, encoding: ColorEncoding, to target: AVPixelFormat, targetEncoding: ColorEncoding) {
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
        guard let context = sws_getContext(width, height, AV_PIX_FMT_YUV420P, width, height, target, flags, nil, nil, nil) else {
            return nil
        }
        self.context = context
        _ = sws_setColorspaceDetails(context, sws_getCoefficients(encoding.scalerColorspace), encoding.range == .full ? 1 : 0,
                                     sws_getCoefficients(targetEncoding.scalerColorspace), targetEncoding.range == .full ? 1 : 0,
                                     0, 1 << 16, 1 << 16)
    }

    deinit {
        sws_freeContext(context)
    }

    /// Converts `source` into `target`, both allocated at the converter's size; false when libswscale fails.
    func convert(_ source: UnsafeMutablePointer<AVFrame>, into target: UnsafeMutablePointer<AVFrame>) -> Bool {
        let height = source.pointee.height
        let converted = withUnsafePointer(to: &source.pointee.data) { sourceData in
            withUnsafePointer(to: &source.pointee.linesize) { sourceStrides in
                withUnsafePointer(to: &target.pointee.data) { targetData in
                    withUnsafePointer(to: &target.pointee.linesize) { targetStrides in
                        sourceData.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sourcePlanes in
                            sourceStrides.withMemoryRebound(to: Int32.self, capacity: 8) { sourceRowBytes in
                                targetData.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { targetPlanes in
                                    targetStrides.withMemoryRebound(to: Int32.self, capacity: 8) { targetRowBytes in
                                        sws_scale(context, sourcePlanes, sourceRowBytes, 0, height, targetPlanes, targetRowBytes)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return converted == height
    }
}

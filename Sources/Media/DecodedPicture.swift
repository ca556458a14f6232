import CFFmpeg
import VideoFrames

/// One frame as the decoder produced it, still in FFmpeg's reference-counted buffers. Owning the `AVFrame`
/// lets a seek hold the best frame so far without copying its pixels until it is known to be wanted.
final class DecodedPicture {
    let frame: UnsafeMutablePointer<AVFrame>

    init() {
        guard let frame = av_frame_alloc() else { fatalError("out of memory allocating a video frame") }
        self.frame = frame
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&owned)
    }

    var width: Int { Int(frame.pointee.width) }
    var height: Int { Int(frame.pointee.height) }
    var pixelFormat: AVPixelFormat { AVPixelFormat(frame.pointee.format) }

    /// FFmpeg's name of the pixel format ("yuv420p").
    var pixelFormatName: String {
        av_get_pix_fmt_name(pixelFormat).map { String(cString: $0) } ?? "unknown"
    }

    /// How its YCbCr codes map to RGB, from its colour tags.
    var colorEncoding: ColorEncoding {
        ColorEncoding(colorspace: frame.pointee.colorspace, range: frame.pointee.color_range,
                      pixelFormat: pixelFormat, height: height)
    }

    /// The presentation timestamp in stream ticks: FFmpeg's best guess, which also covers streams whose
    /// packets carry no timestamps or carry them out of order; nil when it has none.
    var timestamp: Int64? {
        let value = frame.pointee.best_effort_timestamp
        return value == cffmpeg_no_pts() ? nil : value
    }

    /// How long the frame shows, in stream ticks, when the packet said.
    var durationTicks: Int64? {
        let value = frame.pointee.pkt_duration
        return value > 0 ? value : nil
    }
}

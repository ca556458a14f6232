import CFFmpeg

/// libavcodec's decoder for one video stream. Owns the `AVCodecContext` and frees it.
final class VideoDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    let codecName: String

    /// For a `live` stream each picture comes out as soon as its packet is in: threads share the slices of one
    /// frame rather than decode several frames at once, each thread a frame's delay. And its complaints are
    /// not the user's: joined between keyframes, a decoder reports every picture before the next keyframe
    /// (missing parameter sets, slices it cannot decode), and a failure that matters ends the connection with
    /// its reason.
    init(stream: UnsafeMutablePointer<AVStream>, path: String, live: Bool = false) throws(MediaError) {
        let parameters = stream.pointee.codecpar!
        codecName = Self.name(of: parameters)
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MediaError("\(path): unsupported video codec \(codecName)")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError(path: path, operation: "cannot start the \(codecName) decoder", code: cffmpeg_error_nomem())
        }
        self.context = context
        let copied = avcodec_parameters_to_context(context, parameters)
        if copied < 0 { throw MediaError(path: path, operation: "cannot start the \(codecName) decoder", code: copied) }
        context.pointee.pkt_timebase = stream.pointee.time_base
        // Every core: playing in real time matters more than the few frames of latency threads add.
        context.pointee.thread_count = 0
        if live {
            context.pointee.thread_type = FF_THREAD_SLICE
            context.pointee.flags |= AV_CODEC_FLAG_LOW_DELAY
            // Errors and warnings become information, which the workbench does not print.
            context.pointee.log_level_offset = AV_LOG_INFO - AV_LOG_ERROR
        }
        let opened = avcodec_open2(context, codec, nil)
        if opened < 0 { throw MediaError(path: path, operation: "cannot start the \(codecName) decoder", code: opened) }
    }

    deinit {
        avcodec_free_context(&context)
    }

    /// FFmpeg's short name for the codec ("h264"); for a codec FFmpeg does not know, its four-character tag.
    static func name(of parameters: UnsafeMutablePointer<AVCodecParameters>) -> String {
        let id = parameters.pointee.codec_id
        if id == AV_CODEC_ID_NONE {
            let tag = parameters.pointee.codec_tag
            let characters = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }
            let printable = characters.allSatisfy { (0x20..<0x7f).contains($0) }
            return printable ? "with tag '\(String(decoding: characters, as: UTF8.self))'" : "with tag 0x\(String(tag, radix: 16))"
        }
        return String(cString: avcodec_get_name(id))
    }

    /// Hands the decoder a packet; nil says the stream ended, so it gives up the frames it still holds.
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) -> Int32 {
        avcodec_send_packet(context, packet)
    }

    /// Takes a decoded frame: 0, `cffmpeg_error_again()` when it needs more packets, the end, or an error.
    func receive(into frame: UnsafeMutablePointer<AVFrame>) -> Int32 {
        avcodec_receive_frame(context, frame)
    }

    /// Forgets every packet and frame in flight, after a seek.
    func flush() {
        avcodec_flush_buffers(context)
    }
}

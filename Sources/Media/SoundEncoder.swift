import CFFmpeg

/// The sound encoder of a movie being written (48 kHz stereo): AAC, or Opus where the container takes no
/// AAC (WebM). The samples not yet encoded lie end to end on the movie's timeline: a block that starts after
/// the last leaves silence between, and one that reaches back over sound already placed (by a sample or two
/// of rounding) loses the overlap. Owns the codec context, its frame and packet, and frees them.
final class SoundEncoder {
    static let sampleRate = 48_000
    static let channelCount = 2
    /// Blocks this close to where the last one ended are taken to follow it: the rounding of their times.
    static let joinTolerance = 2

    let path: String
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private let frameSize: Int
    private let takesShortLastFrame: Bool
    /// Whether the encoder takes the channels interleaved in one plane (Opus) rather than a plane each (AAC).
    private let interleaved: Bool
    /// The priming samples the encoder puts first.
    private let padding: Int64
    /// Whether the priming is moved to the movie's start, every packet `padding` later so none is negative:
    /// AAC's, which players would not all skip. Opus states its priming in its own header, and players skip it.
    private let movesPriming: Bool
    /// Samples placed but not yet encoded, one array per channel; the first is sample `encoded` given to the encoder.
    private var pending: [[Float]] = Array(repeating: [], count: SoundEncoder.channelCount)
    private var encoded = 0

    /// AAC when the container holds it, else Opus, else Vorbis, among the encoders this FFmpeg has that
    /// take float samples; nil when there is none.
    static func codec(for output: MovieOutputFile) -> UnsafePointer<AVCodec>? {
        for id in [AV_CODEC_ID_AAC, AV_CODEC_ID_OPUS, AV_CODEC_ID_VORBIS] where output.canHold(id) {
            guard let codec = avcodec_find_encoder(id), codec.pointee.capabilities & AV_CODEC_CAP_EXPERIMENTAL == 0,
                  sampleFormat(of: codec) != nil else { continue }
            return codec
        }
        return nil
    }

    /// Floats, a plane per channel where the encoder takes them so, else interleaved.
    private static func sampleFormat(of codec: UnsafePointer<AVCodec>) -> AVSampleFormat? {
        var formats: [AVSampleFormat] = []
        if var next = codec.pointee.sample_fmts {
            while next.pointee != AV_SAMPLE_FMT_NONE {
                formats.append(next.pointee)
                next += 1
            }
        }
        return [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT].first(where: formats.contains)
    }

    init(codec: UnsafePointer<AVCodec>, path: String, globalHeader: Bool) throws(MediaError) {
        self.path = path
        guard let context = avcodec_alloc_context3(codec), let format = Self.sampleFormat(of: codec) else {
            throw MediaError(path: path, operation: "preparing the sound encoder", code: cffmpeg_error_nomem())
        }
        self.context = context
        let name = String(cString: codec.pointee.name)
        context.pointee.sample_fmt = format
        context.pointee.sample_rate = Int32(Self.sampleRate)
        av_channel_layout_default(&context.pointee.ch_layout, Int32(Self.channelCount))
        context.pointee.bit_rate = 128_000
        context.pointee.time_base = AVRational(num: 1, den: Int32(Self.sampleRate))
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        let opened = avcodec_open2(context, codec, nil)
        guard opened >= 0 else { throw MediaError(path: path, operation: "opening the \(name) encoder", code: opened) }
        // Encoders that take any length of frame say 0; a few thousand samples suit them.
        frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 1024
        takesShortLastFrame = codec.pointee.capabilities & AV_CODEC_CAP_SMALL_LAST_FRAME != 0
        interleaved = format == AV_SAMPLE_FMT_FLT
        padding = Int64(context.pointee.initial_padding)
        movesPriming = codec.pointee.id != AV_CODEC_ID_OPUS
        guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw MediaError(path: path, operation: "preparing the sound encoder", code: cffmpeg_error_nomem())
        }
        self.frame = frame
        self.packet = packet
        frame.pointee.format = format.rawValue
        frame.pointee.sample_rate = Int32(Self.sampleRate)
        frame.pointee.nb_samples = Int32(frameSize)
        av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout)
        let allocated = av_frame_get_buffer(frame, 0)
        guard allocated >= 0 else { throw MediaError(path: path, operation: "preparing the sound encoder", code: allocated) }
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&context)
    }

    /// Fills a stream's parameters from the encoder; packets are written to it from now on.
    func describe(_ stream: UnsafeMutablePointer<AVStream>) throws(MediaError) {
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, context)
        guard status >= 0 else { throw MediaError(path: path, operation: "describing the sound stream", code: status) }
        // Moved priming is part of the movie rather than cut by players: no negative times.
        if movesPriming { stream.pointee.codecpar.pointee.initial_padding = 0 }
        stream.pointee.time_base = AVRational(num: 1, den: Int32(Self.sampleRate))
        self.stream = stream
    }

    /// Samples are given to the encoder this many before their moment in the movie: behind moved priming,
    /// each is then heard at its own time, and the movie's first samples are the priming's silence.
    private var lead: Int { movesPriming ? Int(padding) : 0 }

    /// Where the sound placed so far ends, in samples from the movie's start.
    var placedEnd: Int { encoded + pending[0].count + lead }

    /// Places `block` on the timeline after what is pending.
    func place(_ block: SoundBlockQueue.Block) {
        let end = encoded + pending[0].count
        var start = block.start - lead
        if abs(start - end) <= Self.joinTolerance { start = end }
        if start > end {
            for channel in pending.indices { pending[channel] += repeatElement(0, count: start - end) }
        }
        let length = block.samples.count / Self.channelCount
        for index in min(length, max(0, end - start))..<length {
            for channel in pending.indices { pending[channel].append(block.samples[index * Self.channelCount + channel]) }
        }
    }

    /// Encodes and writes every whole frame of placed sound that ends by `seconds`.
    func write(through seconds: Double, into output: MovieOutputFile) throws(MediaError) {
        let due = Int(seconds * Double(Self.sampleRate)) - lead
        while pending[0].count >= frameSize, encoded + frameSize <= due {
            try encode(frameSize, into: output)
        }
    }

    /// Ends the sound at `seconds`, silent after the last sound placed, and writes all of it.
    func finish(at seconds: Double, into output: MovieOutputFile) throws(MediaError) {
        let length = max(0, Int((seconds * Double(Self.sampleRate)).rounded()) - lead - encoded)
        for channel in pending.indices {
            if pending[channel].count < length {
                pending[channel] += repeatElement(0, count: length - pending[channel].count)
            } else {
                pending[channel].removeLast(pending[channel].count - length)
            }
        }
        while pending[0].count >= frameSize { try encode(frameSize, into: output) }
        if !pending[0].isEmpty {
            // An encoder that takes only whole frames gets the last one filled out with silence.
            if !takesShortLastFrame {
                for channel in pending.indices { pending[channel] += repeatElement(0, count: frameSize - pending[channel].count) }
            }
            try encode(pending[0].count, into: output)
        }
        try send(nil, into: output)
    }

    private func encode(_ count: Int, into output: MovieOutputFile) throws(MediaError) {
        guard let frame else { return }
        let writable = av_frame_make_writable(frame)
        guard writable >= 0 else { throw MediaError(path: path, operation: "encoding the sound", code: writable) }
        frame.pointee.nb_samples = Int32(count)
        for channel in pending.indices {
            if interleaved {
                let samples = UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
                for index in 0..<count { samples[index * Self.channelCount + channel] = pending[channel][index] }
            } else {
                let plane = UnsafeMutableRawPointer(frame.pointee.extended_data[channel]!).assumingMemoryBound(to: Float.self)
                pending[channel].withUnsafeBufferPointer { plane.update(from: $0.baseAddress!, count: count) }
            }
            pending[channel].removeFirst(count)
        }
        frame.pointee.pts = Int64(encoded)
        encoded += count
        try send(frame, into: output)
    }

    private func send(_ frame: UnsafeMutablePointer<AVFrame>?, into output: MovieOutputFile) throws(MediaError) {
        let sent = avcodec_send_frame(context, frame)
        guard sent >= 0 || sent == cffmpeg_error_eof() else { throw MediaError(path: path, operation: "encoding the sound", code: sent) }
        guard let packet, let stream else { return }
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return }
            guard received >= 0 else { throw MediaError(path: path, operation: "encoding the sound", code: received) }
            defer { av_packet_unref(packet) }
            if movesPriming {
                if packet.pointee.pts != cffmpeg_no_pts() { packet.pointee.pts += padding }
                if packet.pointee.dts != cffmpeg_no_pts() { packet.pointee.dts += padding }
            }
            packet.pointee.stream_index = stream.pointee.index
            av_packet_rescale_ts(packet, AVRational(num: 1, den: Int32(Self.sampleRate)), stream.pointee.time_base)
            packet.pointee.time_base = stream.pointee.time_base
            try output.write(packet)
        }
    }
}

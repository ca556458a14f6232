import CFFmpeg

/// The audio of another movie, read packet by packet to be copied into the movie being written: no decoding
/// and no re-encoding, so the sound costs almost nothing and loses nothing. It owns the source's input
/// context and its packet. Packets whose times fall in [start, start + duration) are kept, moved so that
/// `start` lands at zero; the writer asks for them as its video progresses, so both interleave in the file.
final class PassthroughAudioSource {
    let sourcePath: String
    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let streamIndex: Int32
    private let sourceTimeBase: AVRational
    /// The span kept, in the source stream's ticks.
    private let startTicks: Int64
    private let endTicks: Int64
    private var outputStream: UnsafeMutablePointer<AVStream>?
    /// Whether `packet` holds the next packet to write, read but not yet due.
    private var holdsPacket = false
    private var exhausted = false

    /// Opens the source; nil when it has no audio stream (a silent movie gets no sound and no error).
    static func open(_ passthrough: AudioPassthrough) throws(MediaError) -> PassthroughAudioSource? {
        let path = passthrough.sourcePath
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, path, nil, nil)
        guard opened >= 0, let input = context else {
            throw MediaError(path: path, operation: "opening the sound's source", code: opened)
        }
        // Until a source value owns the context, it is closed here on every way out.
        var source: PassthroughAudioSource?
        defer { if source == nil { avformat_close_input(&context) } }
        let probed = avformat_find_stream_info(input, nil)
        guard probed >= 0 else { throw MediaError(path: path, operation: "reading the sound's source", code: probed) }
        let index = av_find_best_stream(input, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0 else { return nil }
        guard let packet = av_packet_alloc() else {
            throw MediaError(path: path, operation: "reading the sound's source", code: cffmpeg_error_nomem())
        }
        source = PassthroughAudioSource(passthrough, context: input, packet: packet, streamIndex: index)
        source?.seekToStart()
        return source
    }

    private init(_ passthrough: AudioPassthrough, context: UnsafeMutablePointer<AVFormatContext>,
                 packet: UnsafeMutablePointer<AVPacket>, streamIndex: Int32) {
        sourcePath = passthrough.sourcePath
        self.context = context
        self.packet = packet
        self.streamIndex = streamIndex
        let timeBase = context.pointee.streams[Int(streamIndex)]!.pointee.time_base
        sourceTimeBase = timeBase
        let start = max(0, passthrough.start)
        startTicks = Self.ticks(start, in: timeBase)
        endTicks = passthrough.duration.map { Self.ticks(start + max(0, $0), in: timeBase) } ?? Int64.max
    }

    deinit {
        av_packet_free(&packet)
        avformat_close_input(&context)
    }

    private static func ticks(_ seconds: Double, in timeBase: AVRational) -> Int64 {
        Int64((seconds * Double(timeBase.den) / Double(timeBase.num)).rounded())
    }

    private var sourceStream: UnsafeMutablePointer<AVStream>? {
        context?.pointee.streams[Int(streamIndex)]
    }

    /// The FFmpeg name of the sound's codec ("aac").
    var codecName: String {
        guard let stream = sourceStream else { return "unknown" }
        return String(cString: avcodec_get_name(stream.pointee.codecpar.pointee.codec_id))
    }

    var codec: AVCodecID { sourceStream?.pointee.codecpar.pointee.codec_id ?? AV_CODEC_ID_NONE }

    /// Describes `stream` as the source's audio: the same codec and parameters. The codec tag is cleared,
    /// because tags belong to a container and the output's muxer picks its own.
    func describe(_ stream: UnsafeMutablePointer<AVStream>, path: String) throws(MediaError) {
        guard let source = sourceStream else { return }
        let status = avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar)
        guard status >= 0 else { throw MediaError(path: path, operation: "describing the sound", code: status) }
        stream.pointee.codecpar.pointee.codec_tag = 0
        // The encoder's priming samples come before the source's zero and so are never copied; a delay
        // carried over would make players skip the first samples of the span instead.
        stream.pointee.codecpar.pointee.initial_padding = 0
        stream.pointee.time_base = source.pointee.time_base
        outputStream = stream
    }

    /// Moves reading to just before the start, so that a late start does not read the whole source first.
    private func seekToStart() {
        guard startTicks > 0, let context else { return }
        // A failed seek only costs time: packets before the start are skipped as they are read.
        _ = av_seek_frame(context, streamIndex, startTicks, AVSEEK_FLAG_BACKWARD)
    }

    /// Writes, in order, every kept packet that plays no later than `seconds` into the movie.
    func write(through seconds: Double, into output: MovieOutputFile) throws(MediaError) {
        while let due = try nextPacket() {
            let time = Double(due.pointee.dts) * av_q2d(due.pointee.time_base)
            guard time <= seconds else { return }
            holdsPacket = false
            defer { av_packet_unref(due) }
            try output.write(due)
        }
    }

    /// Writes every kept packet left, when the video has ended.
    func writeRemaining(into output: MovieOutputFile) throws(MediaError) {
        try write(through: .infinity, into: output)
    }

    /// The next kept packet, its times moved and put in the output stream's time base; nil at the end.
    private func nextPacket() throws(MediaError) -> UnsafeMutablePointer<AVPacket>? {
        guard let packet, let context, let outputStream else { return nil }
        if holdsPacket { return packet }
        while !exhausted {
            let status = av_read_frame(context, packet)
            if status == cffmpeg_error_eof() {
                exhausted = true
                return nil
            }
            guard status >= 0 else { throw MediaError(path: sourcePath, operation: "reading the sound", code: status) }
            let time = packet.pointee.pts != cffmpeg_no_pts() ? packet.pointee.pts : packet.pointee.dts
            guard packet.pointee.stream_index == streamIndex, time != cffmpeg_no_pts(), time >= startTicks else {
                av_packet_unref(packet)
                continue
            }
            guard time < endTicks else {
                av_packet_unref(packet)
                exhausted = true
                return nil
            }
            if packet.pointee.pts != cffmpeg_no_pts() { packet.pointee.pts += -startTicks }
            if packet.pointee.dts != cffmpeg_no_pts() { packet.pointee.dts += -startTicks } else { packet.pointee.dts = packet.pointee.pts }
            packet.pointee.time_base = sourceTimeBase
            av_packet_rescale_ts(packet, sourceTimeBase, outputStream.pointee.time_base)
            packet.pointee.time_base = outputStream.pointee.time_base
            packet.pointee.stream_index = outputStream.pointee.index
            packet.pointee.pos = -1
            holdsPacket = true
            return packet
        }
        return nil
    }
}

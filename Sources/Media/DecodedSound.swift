import CFFmpeg

/// A sound file's track, or a movie's soundtrack, decoded whole through libavcodec and converted by
/// libswresample to float samples at the track's own rate, one array per channel. Held in memory so any
/// moment can be read at once and exactly: the same time always gives the same samples.
public struct DecodedSound: Sendable {
    public let sampleRate: Int
    /// One array per channel, in the track's order, each sample from -1 to 1.
    public let channels: [[Float]]

    /// The first ten minutes are kept (about 115 MB for 48 kHz stereo): a visualiser's sound, not an archive's.
    public static let longestSeconds = 600
    /// Tracks with more channels keep their first eight.
    public static let mostChannels = 8

    /// Decodes the best sound track of `path`. Errors name the file: not there, not a media file, no sound,
    /// a codec FFmpeg cannot decode.
    public init(path: String) throws(MediaError) {
        guard let sound = try Self.soundtrack(ofFileAt: path) else { throw MediaError("\(path): has no sound") }
        self = sound
    }

    private init(sampleRate: Int, channels: [[Float]]) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// The best sound track of `path` decoded, or nil when the file has none (a silent movie, which is no
    /// mistake). Errors name the file: not there, not a media file, a codec FFmpeg cannot decode.
    public static func soundtrack(ofFileAt path: String) throws(MediaError) -> DecodedSound? {
        FFmpegLogging.quiet()
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, path, nil, nil)
        guard opened >= 0, let format = context else {
            throw MediaError(path: path, operation: "is not a sound or movie file FFmpeg can read", code: opened)
        }
        defer { avformat_close_input(&context) }
        let probed = avformat_find_stream_info(format, nil)
        if probed < 0 { throw MediaError(path: path, operation: "is not a sound or movie file FFmpeg can read", code: probed) }
        let best = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard best >= 0, let stream = format.pointee.streams[Int(best)] else { return nil }
        for index in 0..<Int(format.pointee.nb_streams) where index != Int(best) {
            format.pointee.streams[index]?.pointee.discard = AVDISCARD_ALL
        }
        let decoder = try SoundDecoder(stream: stream, path: path)
        var channels = [[Float]](repeating: [], count: decoder.channelCount)
        let limit = longestSeconds * decoder.sampleRate
        guard let packet = av_packet_alloc() else { throw MediaError("\(path): out of memory") }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
        }
        var ended = false
        while !ended, channels[0].count < limit {
            let read = av_read_frame(format, packet)
            if read == cffmpeg_error_eof() {
                ended = true
                try decoder.decode(nil, into: &channels)
            } else if read < 0 {
                throw MediaError(path: path, operation: "cannot read the sound", code: read)
            } else {
                defer { av_packet_unref(packet) }
                if packet.pointee.stream_index == best { try decoder.decode(packet, into: &channels) }
            }
        }
        return DecodedSound(sampleRate: decoder.sampleRate, channels: channels.map { Array($0.prefix(limit)) })
    }

    /// Samples per channel.
    public var length: Int { channels.first?.count ?? 0 }
}

/// libavcodec's decoder for one sound stream, with libswresample converting what it decodes to planar
/// floats. Owns both contexts and the frame, and frees them.
private final class SoundDecoder {
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let path: String
    let sampleRate: Int
    let channelCount: Int

    init(stream: UnsafeMutablePointer<AVStream>, path: String) throws(MediaError) {
        self.path = path
        let parameters = stream.pointee.codecpar!
        let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MediaError("\(path): unsupported sound codec \(name)")
        }
        codec = avcodec_alloc_context3(decoder)
        frame = av_frame_alloc()
        guard let codec, frame != nil else { throw MediaError("\(path): out of memory") }
        var result = avcodec_parameters_to_context(codec, parameters)
        // The decoder moves times past the priming it skips (Opus's), which it can only in a known time base.
        codec.pointee.pkt_timebase = stream.pointee.time_base
        if result >= 0 { result = avcodec_open2(codec, decoder, nil) }
        if result < 0 { throw MediaError(path: path, operation: "cannot start the \(name) decoder", code: result) }
        sampleRate = Int(codec.pointee.sample_rate)
        let decodedChannels = Int(codec.pointee.ch_layout.nb_channels)
        guard sampleRate > 0, decodedChannels > 0 else { throw MediaError("\(path): the sound track has no samples") }
        channelCount = min(decodedChannels, DecodedSound.mostChannels)
        // The same layout and rate out as in: only the sample format changes.
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, Int32(decodedChannels))
        var inputLayout = codec.pointee.ch_layout
        if inputLayout.order == AV_CHANNEL_ORDER_UNSPEC { inputLayout = layout }
        result = swr_alloc_set_opts2(&resampler, &layout, AV_SAMPLE_FMT_FLTP, Int32(sampleRate),
                                     &inputLayout, codec.pointee.sample_fmt, Int32(sampleRate), 0, nil)
        if result >= 0 { result = swr_init(resampler) }
        if result < 0 { throw MediaError(path: path, operation: "cannot convert the sound to float samples", code: result) }
    }

    deinit {
        swr_free(&resampler)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
    }

    /// Decodes `packet` (nil: the end, which drains the decoder and the converter) and appends its samples.
    func decode(_ packet: UnsafeMutablePointer<AVPacket>?, into channels: inout [[Float]]) throws(MediaError) {
        let sent = avcodec_send_packet(codec, packet)
        // A damaged packet loses its few milliseconds of sound, as players do; the rest still decodes.
        if sent < 0, sent != cffmpeg_error_invalid_data(), sent != cffmpeg_error_eof() {
            throw MediaError(path: path, operation: "cannot decode the sound", code: sent)
        }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { break }
            if received == cffmpeg_error_invalid_data() { continue }
            if received < 0 { throw MediaError(path: path, operation: "cannot decode the sound", code: received) }
            defer { av_frame_unref(frame) }
            let input = UnsafeMutableRawPointer(frame!.pointee.extended_data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
            try convert(input, count: frame!.pointee.nb_samples, into: &channels)
        }
        if packet == nil { try convert(nil, count: 0, into: &channels) }
    }

    private func convert(_ input: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int32, into channels: inout [[Float]]) throws(MediaError) {
        let room = Int(swr_get_out_samples(resampler, count))
        guard room > 0 else { return }
        let decodedChannels = Int(codec!.pointee.ch_layout.nb_channels)
        var planes = (0..<decodedChannels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: room) }
        defer { planes.forEach { $0.deallocate() } }
        let converted = planes.withUnsafeMutableBufferPointer { pointers in
            pointers.baseAddress!.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: decodedChannels) { output in
                swr_convert(resampler, output, Int32(room), input, count)
            }
        }
        if converted < 0 { throw MediaError(path: path, operation: "cannot convert the sound to float samples", code: converted) }
        for channel in 0..<channelCount {
            channels[channel].append(contentsOf: UnsafeBufferPointer(start: planes[channel], count: Int(converted)))
        }
    }
}

import CFFmpeg

/// A movie file's container opened through libavformat, read one packet at a time. Owns the
/// `AVFormatContext` and closes it; only the video stream's packets matter to the reader, so every other
/// stream is discarded by the demuxer itself.
final class MovieDemuxer {
    let path: String
    private var context: UnsafeMutablePointer<AVFormatContext>?
    let videoStreamIndex: Int32
    let videoStream: UnsafeMutablePointer<AVStream>

    /// Opens `path` and finds its video stream. Errors name the file and say which of the user's possible
    /// mistakes it is: no file, a file that is not a movie, a movie without pictures. A network stream is
    /// opened with its protocol's `options`, and `interruption` can cut short every wait on it.
    init(path: String, interruption: StreamInterruption? = nil, options: [(name: String, value: String)] = []) throws(MediaError) {
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>?
        FFmpegLogging.quiet()
        if let interruption {
            avformat_network_init()
            context = avformat_alloc_context()
            context?.pointee.interrupt_callback = interruption.callback
        }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for option in options {
            av_dict_set(&dictionary, option.name, option.value, 0)
        }
        let opened = avformat_open_input(&context, path, nil, &dictionary)
        if opened < 0, interruption != nil {
            throw MediaError(path: path, operation: "cannot connect", code: opened)
        }
        if opened < 0 {
            // The file system's refusals say so plainly; anything else means the bytes are not a movie.
            let fileErrors = [ENOENT, EACCES, EISDIR, ENOTDIR, EPERM].map(cffmpeg_error_from_errno)
            if fileErrors.contains(opened) { throw MediaError(path: path, operation: "cannot open the file", code: opened) }
            throw MediaError(path: path, operation: "is not a movie file FFmpeg can read", code: opened)
        }
        guard let context else { throw MediaError("\(path): cannot open the file") }
        let probed = avformat_find_stream_info(context, nil)
        if probed < 0 {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&owned)
            throw MediaError(path: path, operation: "is not a movie file FFmpeg can read", code: probed)
        }
        // A cover picture in a music file is a video stream of one still image, not a movie.
        let streams = (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
        let best = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let isMovingPicture = { (stream: UnsafeMutablePointer<AVStream>) in
            stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
        }
        let chosen = best >= 0 && isMovingPicture(streams[Int(best)]) ? Int(best) : streams.firstIndex(where: isMovingPicture)
        guard let chosen else {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&owned)
            throw MediaError("\(path): has no video stream")
        }
        for (index, stream) in streams.enumerated() where index != chosen {
            stream.pointee.discard = AVDISCARD_ALL
        }
        self.context = context
        videoStreamIndex = Int32(chosen)
        videoStream = streams[chosen]
    }

    deinit {
        avformat_close_input(&context)
    }

    var formatContext: UnsafeMutablePointer<AVFormatContext> { context! }

    /// Whether the file also carries sound.
    var hasAudio: Bool {
        let context = formatContext
        return (0..<Int(context.pointee.nb_streams)).contains { index in
            context.pointee.streams[index]?.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
        }
    }

    /// Reads the next packet of any stream into `packet`: 0, `cffmpeg_error_eof()` at the end, or an error.
    func read(into packet: UnsafeMutablePointer<AVPacket>) -> Int32 {
        av_read_frame(formatContext, packet)
    }

    /// Moves to the keyframe at or before `timestamp` (in the video stream's time base).
    func seek(toKeyframeBefore timestamp: Int64) -> Int32 {
        av_seek_frame(formatContext, videoStreamIndex, timestamp, AVSEEK_FLAG_BACKWARD)
    }

    /// The video stream's time base as an exact fraction.
    var timeBase: (numerator: Int64, denominator: Int64) {
        let base = videoStream.pointee.time_base
        return (Int64(base.num), Int64(max(base.den, 1)))
    }

    /// Seconds for a span of `ticks` in the video stream's time base. Multiplying before dividing keeps a
    /// frame's time exactly equal to `frame / rate` computed the same way by whoever asks for it.
    func seconds(ofTicks ticks: Int64) -> Double {
        let base = timeBase
        return Double(ticks * base.numerator) / Double(base.denominator)
    }

    /// The number of ticks nearest to `seconds`.
    func ticks(ofSeconds seconds: Double) -> Int64 {
        let base = timeBase
        return Int64((seconds * Double(base.denominator) / Double(max(base.numerator, 1))).rounded())
    }

    /// Frames a second: the container's stated rate, else FFmpeg's guess from the timestamps.
    var frameRate: Double {
        let rate = av_guess_frame_rate(formatContext, videoStream, nil)
        return rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : 0
    }

    /// The frame rate as the exact fraction it stands for (see `FrameRate.standardised`); nil when neither
    /// the container nor the timestamps say.
    var exactFrameRate: MovieSettings.FrameRate? {
        let rate = av_guess_frame_rate(formatContext, videoStream, nil)
        guard rate.num > 0, rate.den > 0 else { return nil }
        return MovieSettings.FrameRate(Int(rate.num), Int(rate.den)).standardised
    }

    /// How long the video stream says it is: the stream's own duration, Matroska's per-track DURATION tag,
    /// or the whole file's; nil when the container does not say.
    var statedDuration: Double? {
        let stream = videoStream.pointee
        if stream.duration != cffmpeg_no_pts(), stream.duration > 0 {
            return seconds(ofTicks: stream.duration)
        }
        if let tag = av_dict_get(stream.metadata, "DURATION", nil, 0), let value = tag.pointee.value,
           let parsed = Self.parseClockTime(String(cString: value)) {
            return parsed
        }
        let whole = formatContext.pointee.duration
        if whole != cffmpeg_no_pts(), whole > 0 {
            return Double(whole) / Double(cffmpeg_time_base())
        }
        return nil
    }

    /// Seconds from "HH:MM:SS.fraction", the form Matroska's muxer writes its tags in.
    static func parseClockTime(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]),
              let seconds = Double(parts[2]) else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// Frames the container counts, when it does (MP4 does, Matroska does not).
    var statedFrameCount: Int? {
        let count = videoStream.pointee.nb_frames
        return count > 0 ? Int(count) : nil
    }

    /// How long the movie's timeline is, which playing it loops or holds at: the stated duration, else the
    /// stated frames at the frame rate; 0 when the container says neither.
    var timelineDuration: Double {
        let rate = frameRate
        return statedDuration ?? statedFrameCount.flatMap { rate > 0 ? Double($0) / rate : nil } ?? 0
    }

    /// Clockwise quarter turns that make the picture upright, from the stream's display matrix.
    var quarterTurns: Int {
        var size: Int = 0
        guard let data = av_stream_get_side_data(videoStream, AV_PKT_DATA_DISPLAYMATRIX, &size),
              size >= 9 * MemoryLayout<Int32>.size else { return 0 }
        let counterClockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard counterClockwise.isFinite else { return 0 }
        // The matrix turns counter-clockwise to show the picture; the frame layout counts clockwise turns.
        let turns = Int((-counterClockwise / 90).rounded())
        return ((turns % 4) + 4) % 4
    }

    /// The shape of a stored pixel: the container's sample aspect ratio, else the codec's.
    func pixelAspect(of frame: UnsafeMutablePointer<AVFrame>?) -> Double {
        let ratio = av_guess_sample_aspect_ratio(formatContext, videoStream, frame)
        return ratio.num > 0 && ratio.den > 0 ? Double(ratio.num) / Double(ratio.den) : 1
    }
}

extension MovieDemuxer {
    /// What reading every packet found: when the video stream's last packet ends, in seconds from its first,
    /// and the read error that stopped it early.
    struct PacketScan {
        var end: Double?
        var failure: String?
    }

    /// Reads the whole file packet by packet, decoding nothing.
    func scanVideoPackets() -> PacketScan {
        guard let packet = av_packet_alloc() else { return PacketScan(failure: MediaError.text(of: cffmpeg_error_nomem())) }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
        }
        var first: Int64?
        var last: Int64?
        var failure: String?
        while true {
            let read = read(into: packet)
            if read == cffmpeg_error_eof() { break }
            if read < 0 {
                failure = MediaError.text(of: read)
                break
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == videoStreamIndex else { continue }
            let stamp = packet.pointee.pts != cffmpeg_no_pts() ? packet.pointee.pts : packet.pointee.dts
            guard stamp != cffmpeg_no_pts() else { continue }
            first = min(first ?? stamp, stamp)
            last = max(last ?? stamp, stamp + max(packet.pointee.duration, 0))
        }
        guard let first, let last else { return PacketScan(end: nil, failure: failure) }
        return PacketScan(end: seconds(ofTicks: last - first), failure: failure)
    }
}

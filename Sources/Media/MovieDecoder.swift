import CFFmpeg

/// Why decoding stopped before the end of the stream: FFmpeg's reason, for the user.
struct DecodeFailure: Error {
    var reason: String
}

/// A movie's pictures in presentation order: packets from the demuxer fed through the decoder, with seeking.
/// Lives on the decode thread alone.
final class MovieDecoder {
    let demuxer: MovieDemuxer
    let decoder: VideoDecoder
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// The stream has ended and the decoder was told so; it only gives up what it still holds.
    private var draining = false
    /// A read error met while draining, reported once the frames before it are out.
    private var pendingFailure: DecodeFailure?
    /// The first frame's timestamp, which is time zero for everyone outside.
    private(set) var origin: Int64 = 0
    /// The last frame's timestamp, to place frames that come without one after it.
    private var previousTimestamp: Int64?
    private var previousDurationTicks: Int64 = 0

    /// Corrupt packets a decoder may skip (it conceals them, as players do) before the file counts as broken.
    static let toleratedConsecutiveErrors = 8

    init(path: String, interruption: StreamInterruption? = nil, options: [(name: String, value: String)] = []) throws(MediaError) {
        demuxer = try MovieDemuxer(path: path, interruption: interruption, options: options)
        decoder = try VideoDecoder(stream: demuxer.videoStream, path: path, live: interruption != nil)
        guard let packet = av_packet_alloc() else {
            throw MediaError(path: path, operation: "cannot allocate a packet", code: cffmpeg_error_nomem())
        }
        self.packet = packet
    }

    deinit {
        av_packet_free(&packet)
    }

    /// Makes the first picture's timestamp time zero.
    func setOrigin(from picture: DecodedPicture) {
        origin = picture.timestamp ?? 0
    }

    /// Seconds from the first frame to `picture`.
    func presentationTime(of picture: DecodedPicture) -> Double {
        demuxer.seconds(ofTicks: (picture.timestamp ?? origin) - origin)
    }

    /// How long `picture` shows, when its packet said; `fallback` otherwise.
    func duration(of picture: DecodedPicture, fallback: Double) -> Double {
        picture.durationTicks.map { demuxer.seconds(ofTicks: $0) } ?? fallback
    }

    /// The next picture in presentation order; nil at the end of the stream.
    func nextPicture() throws(DecodeFailure) -> DecodedPicture? {
        let picture = DecodedPicture()
        var consecutiveErrors = 0
        var lastError: Int32 = 0
        while true {
            let received = decoder.receive(into: picture.frame)
            if received == 0 {
                fillMissingTimestamp(of: picture)
                return picture
            }
            if received == cffmpeg_error_eof() {
                if let pendingFailure { throw pendingFailure }
                return nil
            }
            if received != cffmpeg_error_again() {
                consecutiveErrors += 1
                lastError = received
                if consecutiveErrors > Self.toleratedConsecutiveErrors || draining {
                    throw DecodeFailure(reason: MediaError.text(of: received))
                }
                continue
            }
            if draining { return nil }
            let read = demuxer.read(into: packet!)
            if read < 0 {
                // The decoder still holds frames from packets before the end or the fault: take them first.
                if read != cffmpeg_error_eof() { pendingFailure = DecodeFailure(reason: MediaError.text(of: read)) }
                draining = true
                _ = decoder.send(nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet!.pointee.stream_index == demuxer.videoStreamIndex else { continue }
            let sent = decoder.send(packet)
            if sent < 0 && sent != cffmpeg_error_again() {
                consecutiveErrors += 1
                lastError = sent
                if consecutiveErrors > Self.toleratedConsecutiveErrors {
                    throw DecodeFailure(reason: MediaError.text(of: lastError))
                }
            }
        }
    }

    /// Moves to the keyframe at or before `seconds` and forgets what the decoder held, so that the next
    /// pictures are that keyframe's and those after it.
    func seek(to seconds: Double) throws(DecodeFailure) {
        let target = origin + demuxer.ticks(ofSeconds: max(0, seconds))
        let moved = demuxer.seek(toKeyframeBefore: target)
        if moved < 0 { throw DecodeFailure(reason: "cannot seek: \(MediaError.text(of: moved))") }
        decoder.flush()
        draining = false
        pendingFailure = nil
        previousTimestamp = nil
    }

    /// Frames without a timestamp of their own follow the previous one by its duration.
    private func fillMissingTimestamp(of picture: DecodedPicture) {
        if picture.timestamp == nil, let previous = previousTimestamp {
            picture.frame.pointee.best_effort_timestamp = previous + max(previousDurationTicks, 1)
        }
        previousTimestamp = picture.timestamp
        previousDurationTicks = picture.durationTicks ?? previousDurationTicks
    }
}


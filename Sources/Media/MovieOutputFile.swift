import CFFmpeg

/// A movie file being written: FFmpeg's output context and the file it writes through. It owns both,
/// closing the file and freeing the context when released, with or without the trailer.
final class MovieOutputFile {
    let path: String
    let container: OutputContainer
    private let context: UnsafeMutablePointer<AVFormatContext>
    private var fileIsOpen = false
    private var trailerWritten = false
    /// Gives up connecting a stream (see `StreamInterruption.abandonConnecting`).
    private let interruption: StreamInterruption

    /// Prepares the muxer; creates no file yet, so a movie that cannot be set up leaves nothing behind.
    init(path: String, container: OutputContainer, interruption: StreamInterruption) throws(MediaError) {
        self.path = path
        self.container = container
        self.interruption = interruption
        guard let format = av_guess_format(container.muxerName, nil, nil) else {
            throw MediaError("\(path): this FFmpeg cannot write \(container.extensionName) movies")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_alloc_output_context2(&context, format, nil, path)
        guard status >= 0, let context else {
            throw MediaError(path: path, operation: "preparing the movie", code: status < 0 ? status : cffmpeg_error_nomem())
        }
        self.context = context
        context.pointee.interrupt_callback = interruption.callback
    }

    deinit {
        if fileIsOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether the container can hold a stream coded by `codec` (H.264 fits in MP4; it does not in WebM).
    func canHold(_ codec: AVCodecID) -> Bool {
        // 1: it can; 0: it cannot; negative: the muxer cannot say, so it is left to the header to decide.
        avformat_query_codec(context.pointee.oformat, codec, FF_COMPLIANCE_NORMAL) != 0
    }

    /// Whether encoders must put their configuration in the stream's header rather than in keyframes.
    var wantsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// A new stream; its parameters are to be filled before `start`.
    func addStream() throws(MediaError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError(path: path, operation: "adding a stream", code: cffmpeg_error_nomem())
        }
        return stream
    }

    /// Creates the file and writes the header; the streams' time bases are final after this.
    func start() throws(MediaError) {
        try interruption.connecting { () throws(MediaError) in
            if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
                var protocolOptions: OpaquePointer?
                defer { av_dict_free(&protocolOptions) }
                for option in Self.protocolOptions(for: path) {
                    av_dict_set(&protocolOptions, option.name, option.value, 0)
                }
                var callback = interruption.callback
                let status = avio_open2(&context.pointee.pb, path, AVIO_FLAG_WRITE, &callback, &protocolOptions)
                let operation = container.isStream ? "connecting" : "creating the file"
                guard status >= 0 else { throw abandoned ?? MediaError(path: path, operation: operation, code: status) }
                fileIsOpen = true
            }
            var options: OpaquePointer?
            defer { av_dict_free(&options) }
            for option in container.muxerOptions {
                av_dict_set(&options, option.name, option.value, 0)
            }
            let status = avformat_write_header(context, &options)
            guard status >= 0 else { throw abandoned ?? MediaError(path: path, operation: "writing the header", code: status) }
        }
        if let failure = writeFailure { throw failure }
    }

    /// What a connection given up on says, rather than FFmpeg's "Immediate exit requested".
    private var abandoned: MediaError? {
        interruption.isAbandoning ? MediaError("\(path): stopped before the receiver answered; nothing was sent") : nil
    }

    /// Writes one packet whose times are in its stream's time base. Packets of different streams must come
    /// in time order; the caller interleaves them, so nothing waits in the muxer for another stream.
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(MediaError) {
        let status = av_write_frame(context, packet)
        guard status >= 0 else {
            throw MediaError(path: path, operation: container.isStream ? "sending (the receiver has gone, or refuses the stream)" : "writing", code: status)
        }
        if let failure = writeFailure { throw failure }
    }

    /// Writes the trailer (MP4's fragment index, Matroska's cues and duration) and closes the file.
    func finish() throws(MediaError) {
        guard !trailerWritten else { return }
        trailerWritten = true
        let status = av_write_trailer(context)
        let failure = writeFailure
        if fileIsOpen {
            fileIsOpen = false
            let closing = avio_closep(&context.pointee.pb)
            if status >= 0, failure == nil, closing < 0 {
                throw MediaError(path: path, operation: "closing", code: closing)
            }
        }
        guard status >= 0 else { throw MediaError(path: path, operation: "writing the trailer", code: status) }
        if let failure { throw failure }
    }

    /// What a stream's protocol is opened with where its URL does not say: SRT in live mode drops what it has
    /// not yet sent when it is closed, and the last frames would never reach the receiver, unless it lingers.
    /// An RTMP write that blocks (a server that stopped reading) gives up after 5 s, as SRT's own peer timeout
    /// does, so that the stream ends; a UDP write never blocks.
    private static func protocolOptions(for url: String) -> [(name: String, value: String)] {
        let scheme = StreamURL.scheme(of: url)
        if scheme == "srt" && !url.contains("linger=") { return [("linger", "2")] }
        if scheme == "rtmp" && !url.contains("rw_timeout=") { return [("rw_timeout", "5000000")] }
        return []
    }

    /// The error the file's buffered writes met, which FFmpeg keeps on the I/O context rather than
    /// returning it from every call (a full disk shows up here).
    private var writeFailure: MediaError? {
        guard let io = context.pointee.pb, io.pointee.error < 0 else { return nil }
        return MediaError(path: path, operation: "writing", code: io.pointee.error)
    }
}

import CFFmpeg
import OperatingSystem
import VideoFrames

/// One video encoder, FFmpeg's codec context with the picture it fills and the packet it receives into,
/// all owned here and freed on release. It takes I420 frames of the writer's size, or RGBA ones it converts
/// to I420 itself (on the encoder's thread, off the render's), and yields packets.
///
/// Movies are always even-sized: an odd width or height gains one column or row that repeats the last,
/// because 4:2:0 encoders (H.264 among them) take only whole chroma samples.
final class VideoEncoder {
    let path: String
    let codecName: String
    /// The frames' size, before padding.
    let width: Int
    let height: Int
    private let context: UnsafeMutablePointer<AVCodecContext>
    private var picture: UnsafeMutablePointer<AVFrame>?
    /// The encoder's own format, for an encoder that takes no 4:2:0: `picture` is converted into it.
    private var convertedPicture: UnsafeMutablePointer<AVFrame>?
    private let converter: EncoderPictureConverter?
    /// The pictures' colour encoding, which RGBA frames are converted into.
    private let pictureEncoding: ColorEncoding
    /// Made for the first RGBA frame.
    private var rgbaConverter: RGBAToI420Converter?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Options the encoder did not know (a CRF for an encoder without one), for the writer's warnings.
    private(set) var ignoredOptions: [String] = []

    /// The encoder named `name`, or a clear error when this FFmpeg has none or it is no video encoder.
    static func find(_ name: String, path: String) throws(MediaError) -> UnsafePointer<AVCodec> {
        guard let codec = avcodec_find_encoder_by_name(name), codec.pointee.type == AVMEDIA_TYPE_VIDEO else {
            throw MediaError("\(path): " + (VideoEncoderCatalogue.problem(codec: name, quality: nil, moviePath: path) ?? name))
        }
        return codec
    }

    /// The name containers know the codec by ("h264" for libx264).
    static func formatName(of codec: UnsafePointer<AVCodec>) -> String {
        String(cString: avcodec_get_name(codec.pointee.id))
    }

    init(codec: UnsafePointer<AVCodec>, settings: MovieSettings, globalHeader: Bool) throws(MediaError) {
        path = settings.path
        codecName = String(cString: codec.pointee.name)
        width = settings.width
        height = settings.height
        pictureEncoding = settings.encoding
        if let problem = VideoEncoderCatalogue.problem(codec: codecName, quality: settings.quality, moviePath: path) {
            throw MediaError("\(path): \(problem)")
        }
        let paddedWidth = width + width % 2, paddedHeight = height + height % 2
        if let side = VideoEncoderCatalogue.smallestSides[codecName], paddedWidth < side || paddedHeight < side {
            throw MediaError("\(path): \(codecName) encodes pictures of at least \(side)×\(side); this movie is \(paddedWidth)×\(paddedHeight)")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError(path: path, operation: "preparing the encoder", code: cffmpeg_error_nomem())
        }
        self.context = context
        let rate = settings.frameRate
        context.pointee.width = Int32(paddedWidth)
        context.pointee.height = Int32(paddedHeight)
        let format = Self.pixelFormat(for: codec)
        let encoding = format.isJPEG ? ColorEncoding(matrix: .bt601, range: .full)
            : format.isRGB ? ColorEncoding(matrix: settings.encoding.matrix, range: .full) : settings.encoding
        context.pointee.pix_fmt = format.format
        // One tick a frame: a frame's index is its presentation time.
        context.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        context.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        context.pointee.gop_size = Int32(rate.keyframeInterval)
        // FFmpeg's default is one thread; encoders pick their own count from the cores when given zero.
        context.pointee.thread_count = 0
        context.pointee.color_range = Self.range(of: encoding)
        context.pointee.colorspace = format.isRGB ? AVCOL_SPC_RGB : Self.matrix(of: encoding)
        if case .quantiser = VideoEncoderCatalogue.scale(of: codecName), let quality = settings.quality {
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = Int32(quality) * FF_QP2LAMBDA
        }
        if globalHeader {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }

        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        for option in Self.options(for: codecName, settings: settings) {
            av_dict_set(&options, option.name, option.value, 0)
        }
        let status = avcodec_open2(context, codec, &options)
        guard status >= 0 else {
            throw MediaError(path: path, operation: "opening the \(codecName) encoder", code: status)
        }
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(options, "", entry, AV_DICT_IGNORE_SUFFIX) {
            ignoredOptions.append(String(cString: next.pointee.key))
            entry = next
        }

        guard let picture = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw MediaError(path: path, operation: "preparing the encoder", code: cffmpeg_error_nomem())
        }
        self.picture = picture
        self.packet = packet
        picture.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        picture.pointee.width = context.pointee.width
        picture.pointee.height = context.pointee.height
        picture.pointee.color_range = Self.range(of: settings.encoding)
        picture.pointee.colorspace = Self.matrix(of: settings.encoding)
        let allocation = av_frame_get_buffer(picture, 0)
        guard allocation >= 0 else {
            throw MediaError(path: path, operation: "preparing the encoder", code: allocation)
        }
        guard format.format != AV_PIX_FMT_YUV420P else {
            converter = nil
            return
        }
        guard let converter = EncoderPictureConverter(width: context.pointee.width, height: context.pointee.height,
                                                      encoding: settings.encoding, to: format.format,
                                                      targetEncoding: encoding),
              let converted = av_frame_alloc() else {
            throw MediaError("\(path): cannot convert pictures to \(String(cString: av_get_pix_fmt_name(format.format))) for \(codecName)")
        }
        self.converter = converter
        convertedPicture = converted
        converted.pointee.format = format.format.rawValue
        converted.pointee.width = context.pointee.width
        converted.pointee.height = context.pointee.height
        converted.pointee.color_range = context.pointee.color_range
        converted.pointee.colorspace = context.pointee.colorspace
        let convertedAllocation = av_frame_get_buffer(converted, 0)
        guard convertedAllocation >= 0 else {
            throw MediaError(path: path, operation: "preparing the encoder", code: convertedAllocation)
        }
    }

    /// 4:2:0 when the encoder takes it, else the format it takes that loses least from 4:2:0. MJPEG is
    /// offered only its JPEG formats (full range, BT.601, as JPEG defines them), since it refuses
    /// limited-range YUV as non-standard.
    private static func pixelFormat(for codec: UnsafePointer<AVCodec>) -> (format: AVPixelFormat, isJPEG: Bool, isRGB: Bool) {
        var formats: [AVPixelFormat] = []
        if var next = codec.pointee.pix_fmts {
            while next.pointee != AV_PIX_FMT_NONE {
                formats.append(next.pointee)
                next += 1
            }
        }
        let fullRangeOnly: Set<AVPixelFormat> = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P]
        if codec.pointee.id == AV_CODEC_ID_MJPEG { formats = formats.filter(fullRangeOnly.contains) }
        guard !formats.isEmpty, !formats.contains(AV_PIX_FMT_YUV420P) else { return (AV_PIX_FMT_YUV420P, false, false) }
        formats.append(AV_PIX_FMT_NONE)
        let best = avcodec_find_best_pix_fmt_of_list(formats, AV_PIX_FMT_YUV420P, 0, nil)
        let isRGB = (av_pix_fmt_desc_get(best)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        return (best, fullRangeOnly.contains(best), isRGB)
    }

    deinit {
        av_frame_free(&picture)
        av_frame_free(&convertedPicture)
        av_packet_free(&packet)
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// The time base of the packets it yields: one tick a frame.
    var timeBase: AVRational { context.pointee.time_base }

    /// Fills a stream's parameters (codec, size, colour tags, the header the encoder made) from the encoder.
    func describe(_ stream: UnsafeMutablePointer<AVStream>) throws(MediaError) {
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, context)
        guard status >= 0 else { throw MediaError(path: path, operation: "describing the video stream", code: status) }
        stream.pointee.time_base = context.pointee.time_base
        stream.pointee.avg_frame_rate = context.pointee.framerate
    }

    /// Encodes `frame` at `frameIndex` frames from the start, handing `deliver` each packet that is ready.
    func encode(_ frame: VideoFrame, frameIndex: Int,
                deliver: (UnsafeMutablePointer<AVPacket>) throws(MediaError) -> Void) throws(MediaError) {
        guard let picture else { return }
        // The encoder may still hold the previous picture's buffers; this gives fresh ones if so.
        let writable = av_frame_make_writable(picture)
        guard writable >= 0 else { throw MediaError(path: path, operation: "encoding", code: writable) }
        try FrameStages.time("copying into the encoder's picture") { () throws(MediaError) in
            if frame.layout.format == .rgba {
                try convertRGBA(frame, into: picture)
            } else {
                fill(picture, from: frame)
            }
        }
        var encoded = picture
        if let converter, let convertedPicture {
            let writable = av_frame_make_writable(convertedPicture)
            guard writable >= 0 else { throw MediaError(path: path, operation: "encoding", code: writable) }
            guard converter.convert(picture, into: convertedPicture) else {
                throw MediaError("\(path): converting a frame for \(codecName) failed")
            }
            encoded = convertedPicture
        }
        encoded.pointee.pts = Int64(frameIndex)
        try FrameStages.time("encoding") { () throws(MediaError) in try send(encoded, deliver: deliver) }
    }

    /// Drains the frames the encoder still holds (its lookahead and reordering).
    func flush(deliver: (UnsafeMutablePointer<AVPacket>) throws(MediaError) -> Void) throws(MediaError) {
        try send(nil, deliver: deliver)
    }

    private func send(_ picture: UnsafeMutablePointer<AVFrame>?,
                      deliver: (UnsafeMutablePointer<AVPacket>) throws(MediaError) -> Void) throws(MediaError) {
        let sent = avcodec_send_frame(context, picture)
        guard sent >= 0 || sent == cffmpeg_error_eof() else {
            throw MediaError(path: path, operation: "encoding", code: sent)
        }
        guard let packet else { return }
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return }
            guard received >= 0 else { throw MediaError(path: path, operation: "encoding", code: received) }
            defer { av_packet_unref(packet) }
            // Each packet is one frame; saying so lets the muxer give the last frame its length.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            try deliver(packet)
        }
    }

    /// Copies the frame's planes into the picture, repeating the last column and row into the padding.
    /// Converts an RGBA frame of the movie's (even) size into the 4:2:0 picture.
    private func convertRGBA(_ frame: VideoFrame, into picture: UnsafeMutablePointer<AVFrame>) throws(MediaError) {
        if rgbaConverter == nil {
            rgbaConverter = RGBAToI420Converter(width: width, height: height, matrix: pictureEncoding.matrix)
        }
        guard let rgbaConverter else { throw MediaError("\(path): cannot convert \(width)×\(height) RGBA frames to 4:2:0") }
        let data = picture.pointee.data, rowBytes = picture.pointee.linesize
        let source = frame.layout.planes[0]
        frame.bytes.withUnsafeBufferPointer { bytes in
            rgbaConverter.convert(bytes.baseAddress! + source.offset, rowBytes: source.bytesPerRow,
                                  into: [data.0, data.1, data.2], rowBytes: [Int(rowBytes.0), Int(rowBytes.1), Int(rowBytes.2)])
        }
    }

    private func fill(_ picture: UnsafeMutablePointer<AVFrame>, from frame: VideoFrame) {
        let paddedWidth = Int(picture.pointee.width), paddedHeight = Int(picture.pointee.height)
        let data = picture.pointee.data, rowBytes = picture.pointee.linesize
        let targets = [(data.0, rowBytes.0), (data.1, rowBytes.1), (data.2, rowBytes.2)]
        frame.bytes.withUnsafeBufferPointer { bytes in
            for (index, (target, targetRowBytes)) in targets.enumerated() {
                guard let target, let base = bytes.baseAddress else { continue }
                let plane = frame.layout.planes[index]
                // The chroma planes of an odd size already cover the padded one: (width + 1) / 2 samples.
                let size = index == 0 ? (width, height) : ((width + 1) / 2, (height + 1) / 2)
                let paddedSize = index == 0 ? (paddedWidth, paddedHeight) : (paddedWidth / 2, paddedHeight / 2)
                Self.copyPlane(from: base + plane.offset, rowBytes: plane.bytesPerRow, size: size,
                               to: target, rowBytes: Int(targetRowBytes), paddedSize: paddedSize)
            }
        }
    }

    private static func copyPlane(from source: UnsafePointer<UInt8>, rowBytes sourceRowBytes: Int,
                                  size: (width: Int, height: Int), to target: UnsafeMutablePointer<UInt8>,
                                  rowBytes targetRowBytes: Int, paddedSize: (width: Int, height: Int)) {
        for row in 0..<paddedSize.height {
            let sourceRow = source + min(row, size.height - 1) * sourceRowBytes
            let targetRow = target + row * targetRowBytes
            targetRow.update(from: sourceRow, count: size.width)
            if paddedSize.width > size.width {
                (targetRow + size.width).update(repeating: sourceRow[size.width - 1],
                                                count: paddedSize.width - size.width)
            }
        }
    }

    /// The private options for each encoder the writer knows. libx264 and libvpx-vp9 take a CRF; VP9 also
    /// needs its bitrate left at zero (FFmpeg's default) to be in constant-quality mode. A live recording
    /// (`.drop`) and a network stream want each frame out of the encoder at once: x264's zerolatency tune and
    /// VP9's realtime deadline without lagging frames; a render keeps a short lookahead, which makes smaller files.
    static func options(for codecName: String, settings: MovieSettings) -> [(name: String, value: String)] {
        let live = settings.whenBehind == .drop || settings.isStream
        switch codecName {
        case "libx264":
            var options = [("preset", settings.preset), ("crf", "\(settings.quality ?? 18)")]
            // A render keeps a short lookahead (smaller files); a kill loses what it holds, so it stays short.
            options.append(live ? ("tune", "zerolatency") : ("rc-lookahead", "5"))
            return options
        case "libx265":
            // x265 prints its settings, statistics and errors to the terminal itself unless told not to; its
            // errors reach the terminal through FFmpeg's.
            return [("x265-params", "log-level=none")] + (settings.quality.map { [("crf", "\($0)")] } ?? [])
        case "libvpx-vp9":
            var options = [("crf", "\(settings.quality ?? 32)"), ("row-mt", "1")]
            options += live
                ? [("deadline", "realtime"), ("cpu-used", "8"), ("lag-in-frames", "0")]
                : [("deadline", "good"), ("cpu-used", "4")]
            return options
        default:
            // A quantiser is set on the context itself; an encoder the catalogue does not know gets a CRF.
            guard VideoEncoderCatalogue.scale(of: codecName) == nil else { return [] }
            return settings.quality.map { [("crf", "\($0)")] } ?? []
        }
    }

    private static func range(of encoding: ColorEncoding) -> AVColorRange {
        switch encoding.range {
        case .limited: AVCOL_RANGE_MPEG
        case .full: AVCOL_RANGE_JPEG
        }
    }

    private static func matrix(of encoding: ColorEncoding) -> AVColorSpace {
        switch encoding.matrix {
        case .bt601: AVCOL_SPC_SMPTE170M
        case .bt709: AVCOL_SPC_BT709
        case .bt2020: AVCOL_SPC_BT2020_NCL
        case .smpte240m: AVCOL_SPC_SMPTE240M
        }
    }
}

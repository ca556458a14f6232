import CFFmpeg
import OperatingSystem
import VideoFrames

/// Everything the encoder thread owns while a movie is written: the file, the video encoder and the sound
/// encoder. It is made, used and released on that thread alone.
final class MovieEncodingPipeline {
    private let output: MovieOutputFile
    private let video: VideoEncoder
    private let videoStream: UnsafeMutablePointer<AVStream>
    /// The movie's sound: recorded as it is heard, taken from `soundBlocks` before each frame, or known ahead
    /// and read from `knownSound` as the frames are written.
    private let sound: SoundEncoder?
    private let soundBlocks: SoundBlockQueue?
    private let knownSound: (any TimelineSound)?
    private var lastFrameIndex = -1
    private let frameRate: Double
    /// What the user should know although nothing failed: sound left out, options an encoder ignored.
    let warnings: [String]
    private(set) var videoPacketsWritten = 0

    /// Checks the container, the codec and the sound and sets up their streams; `start` then creates the file
    /// (or connects) and writes its header. The checks come first, so a movie that cannot be made leaves no
    /// file behind.
    init(_ settings: MovieSettings, soundBlocks: SoundBlockQueue?, interruption: StreamInterruption) throws(MediaError) {
        let path = settings.path
        FFmpegLogging.quiet()
        let container = try OutputContainer.choose(for: settings)
        let codec = try VideoEncoder.find(settings.codec ?? container.defaultCodec, path: path)
        let output = try MovieOutputFile(path: path, container: container, interruption: interruption)
        guard output.canHold(codec.pointee.id) else {
            throw MediaError("\(path): \(container.extensionName) movies cannot hold \(VideoEncoder.formatName(of: codec)) video; "
                             + "use \(container.defaultCodec)")
        }
        let video = try VideoEncoder(codec: codec, settings: settings, globalHeader: output.wantsGlobalHeader)
        let videoStream = try output.addStream()
        try video.describe(videoStream)
        var warnings = video.ignoredOptions.map { "\(path): \(video.codecName) has no option \($0); it was ignored" }

        var sound: SoundEncoder?
        if soundBlocks != nil || settings.sound != nil {
            if let codec = SoundEncoder.codec(for: output) {
                let encoder = try SoundEncoder(codec: codec, path: path, globalHeader: output.wantsGlobalHeader)
                try encoder.describe(try output.addStream())
                sound = encoder
            } else {
                warnings.append("\(path): this FFmpeg has no sound encoder for \(container.extensionName) movies; the movie is silent")
            }
        }
        self.sound = sound
        self.soundBlocks = soundBlocks
        knownSound = settings.sound
        frameRate = settings.frameRate.framesPerSecond
        self.output = output
        self.video = video
        self.videoStream = videoStream
        self.warnings = warnings
    }

    /// Creates the file, or connects to the stream's receiver, and writes the header.
    func start() throws(MediaError) {
        try output.start()
    }

    /// Encodes one frame and writes what the encoder yields, with the sound that plays before it.
    func encode(_ frame: VideoFrame, frameIndex: Int) throws(MediaError) {
        takeSound()
        lastFrameIndex = frameIndex
        try video.encode(frame, frameIndex: frameIndex, deliver: writeVideo)
    }

    /// Drains the encoder, writes the rest of the sound and the trailer, and closes the file.
    func finish() throws(MediaError) {
        try video.flush(deliver: writeVideo)
        takeSound()
        // The sound ends with the last frame, as the window's picture did.
        let end = Double(lastFrameIndex + 1) / frameRate
        placeKnownSound(through: end)
        try sound?.finish(at: end, into: output)
        try output.finish()
    }

    /// After a failure: keeps what was written playable as far as the file still allows (Matroska's cues,
    /// MP4's fragment index), ignoring further errors, since the first one is the one to report.
    func abandon() {
        try? output.finish()
    }

    private func writeVideo(_ packet: UnsafeMutablePointer<AVPacket>) throws(MediaError) {
        let timeBase = video.timeBase
        // Reordered frames (B-frames) start at a negative decoding time; the first frame is still shown at
        // zero, as the sound starts, since the container says so (see `OutputContainer.muxerOptions`).
        let decodingTime = Double(packet.pointee.dts) * av_q2d(timeBase)
        packet.pointee.stream_index = videoStream.pointee.index
        av_packet_rescale_ts(packet, timeBase, videoStream.pointee.time_base)
        packet.pointee.time_base = videoStream.pointee.time_base
        try FrameStages.time("muxing and writing") { () throws(MediaError) in try output.write(packet) }
        videoPacketsWritten += 1
        // Sound due by this frame's decoding time follows it, so each fragment or cluster holds both.
        placeKnownSound(through: decodingTime)
        try sound?.write(through: decodingTime, into: output)
    }

    private func takeSound() {
        guard let sound, let soundBlocks else { return }
        for block in soundBlocks.takeAll() { sound.place(block) }
    }

    /// Places the known sound up to `seconds` into the movie, after what is placed already.
    private func placeKnownSound(through seconds: Double) {
        guard let sound, let knownSound else { return }
        let start = sound.placedEnd
        let end = Int((seconds * Double(SoundEncoder.sampleRate)).rounded(.up))
        guard end > start else { return }
        sound.place(SoundBlockQueue.Block(samples: knownSound.samples(from: start, count: end - start), start: start))
    }
}

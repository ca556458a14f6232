import Dispatch
import Foundation
import OperatingSystem
import VideoFrames

/// Writes frames as a movie through FFmpeg: renders, and recordings of the live window.
///
/// The encoder and the muxer run on a thread of their own ("shaderbench-encoder"); `append` hands frames to
/// it through a queue of a few frames, waiting for room or dropping the frame as `MovieSettings.whenBehind`
/// says. A recording is never lost: the file is written so that a process killed at any moment leaves a
/// movie that plays up to about its last second (see `OutputContainer.muxerOptions`). A live recording's
/// encoder holds no frames back; a render's keeps a short lookahead for smaller files, which a kill loses
/// too, and a render can be run again.
///
/// Frames are I420 of the settings' size and colour encoding. Movies are always even-sized, because 4:2:0
/// encoders (H.264 among them) take only whole chroma samples: a frame of odd width or height is padded
/// by one column or row repeating its last.
public final class MovieWriter: Sendable {
    public let settings: MovieSettings
    private let queue: EncoderFrameQueue
    /// Recorded sound on its way to the encoder thread, when the settings record sound.
    private let soundBlocks: SoundBlockQueue?
    private let report = EncoderReport()
    private let encoderStopped = DispatchSemaphore(value: 0)
    /// Gives up a stream still connecting when the writer is finished (a live recording stopped first).
    private let interruption = StreamInterruption()

    private struct ProducerState {
        var lastFrameIndex: Int?
        var framesDropped = 0
        var finished = false
    }

    private let producer = Locked(ProducerState())

    /// Opens the output and writes its header (a live recording's stream connects after it returns, on the
    /// encoder's thread: `MovieSettings.connectsInBackground`). Throws, with the path first, when the path or
    /// its folder cannot be written, the container is unknown, the codec is missing, or the container cannot
    /// hold it.
    public init(_ settings: MovieSettings) throws(MediaError) {
        self.settings = settings
        queue = EncoderFrameQueue(capacity: settings.queueCapacity)
        let soundBlocks = settings.recordsSound ? SoundBlockQueue() : nil
        self.soundBlocks = soundBlocks
        guard settings.width > 0, settings.height > 0 else {
            throw MediaError("\(settings.path): a movie needs a size, not \(settings.width)×\(settings.height)")
        }
        guard settings.frameRate.isValid else {
            throw MediaError("\(settings.path): a movie needs a positive frame rate, not \(settings.frameRate)")
        }
        // The pipeline is opened on the encoder thread, so every FFmpeg object lives and dies on that thread.
        let opened = DispatchSemaphore(value: 0)
        let thread = Thread { [queue, report, encoderStopped, interruption] in
            Self.encode(settings, queue: queue, soundBlocks: soundBlocks, report: report, interruption: interruption, opened: opened)
            encoderStopped.signal()
        }
        thread.name = "shaderbench-encoder"
        thread.start()
        opened.wait()
        if let failure = report.failure {
            producer.withLock { $0.finished = true }
            encoderStopped.wait()
            throw failure
        }
    }

    /// A writer released unfinished still finishes its movie, so nothing appended is lost.
    deinit {
        try? finish()
    }

    /// Hands `frame` to the encoder to show at `frameIndex` / frame rate seconds. Frame indices increase;
    /// gaps are fine (a live recording's dropped frames). Returns false when the frame was dropped because
    /// the encoder is behind (`.drop`); with `.wait` it waits for room instead. Throws the error the encoder
    /// thread met, if it met one, or when the frame is not of the movie's size, or neither I420 in its colour
    /// encoding nor RGBA, which the encoder's thread converts.
    @discardableResult
    public func append(_ frame: VideoFrame, frameIndex: Int) throws(MediaError) -> Bool {
        if let failure = report.failure { throw failure }
        try check(frame)
        try producer.withLock { (state) throws(MediaError) in
            guard !state.finished else { throw MediaError("\(settings.path): the movie is already finished") }
            if let last = state.lastFrameIndex, frameIndex <= last {
                throw MediaError("\(settings.path): frame \(frameIndex) comes after frame \(last); frames go in order")
            }
        }
        let outcome = FrameStages.time("waiting for room in the encoder's queue") {
            queue.put(.frame(frame, index: frameIndex), waitForRoom: settings.whenBehind == .wait)
        }
        switch outcome {
        case .queued:
            producer.withLock { $0.lastFrameIndex = max($0.lastFrameIndex ?? frameIndex, frameIndex) }
            return true
        case .full:
            producer.withLock { $0.framesDropped += 1 }
            return false
        case .closed:
            throw report.failure ?? MediaError("\(settings.path): the movie is already finished")
        }
    }

    /// The rate and channels (interleaved) of the sound a movie carries, handed to `appendSound` or read
    /// from `MovieSettings.sound`.
    public static let soundSampleRate = SoundEncoder.sampleRate
    public static let soundChannelCount = SoundEncoder.channelCount

    /// Hands the encoder thread sound (interleaved stereo at 48 kHz, from -1 to 1) heard `seconds` after the
    /// movie's first frame, when the settings record sound. Never waits: sound the encoder is more than a few
    /// seconds behind on is dropped and counted. It goes into the movie as the frames around it are written,
    /// silence filling what never came, and ends with the last frame.
    public func appendSound(_ samples: [Float], at seconds: Double) {
        soundBlocks?.put(SoundBlockQueue.Block(samples: samples, start: Int((seconds * Double(SoundEncoder.sampleRate)).rounded())))
    }

    /// Sound samples (per channel) `appendSound` dropped because the encoder was behind.
    public var soundSamplesDropped: Int { soundBlocks?.samplesDropped ?? 0 }

    /// Flushes the encoder, writes the trailer and closes the file; waits until it is done. Throws the first
    /// error the encoder thread met. Calling it again does nothing.
    public func finish() throws(MediaError) {
        let first = producer.withLock { state in
            defer { state.finished = true }
            return !state.finished
        }
        guard first else { return }
        // A stream that has not connected yet is given up rather than waited for: the receiver may never answer.
        if settings.connectsInBackground { interruption.abandonConnecting() }
        _ = queue.put(.finish, waitForRoom: true)
        encoderStopped.wait()
        if let failure = report.failure { throw failure }
    }

    /// Frames `append` dropped because the encoder was behind.
    public var framesDropped: Int { producer.withLock { $0.framesDropped } }

    /// Frames whose encoded packets have been handed to the muxer.
    public var framesWritten: Int { report.framesWritten }

    /// What did not stop the movie but left it short of the settings: sound this FFmpeg has no encoder for
    /// in the container, encoder options the encoder does not have.
    public var warnings: [String] { report.warnings }

    /// The most frames that ever waited for the encoder at once.
    var mostFramesQueued: Int { queue.mostEverQueued }

    /// The most frame bytes that ever waited for the encoder at once.
    var mostBytesQueued: Int { queue.mostBytesEverQueued }

    private func check(_ frame: VideoFrame) throws(MediaError) {
        let layout = frame.layout
        guard layout.width == settings.width, layout.height == settings.height else {
            throw MediaError("\(settings.path): the movie is \(settings.width)×\(settings.height) "
                             + "but a frame is \(layout.width)×\(layout.height)")
        }
        if layout.format == .rgba { return try checkRGBA(frame) }
        guard layout.format == .i420, layout.planes.count == 3 else {
            throw MediaError("\(settings.path): frames must be I420 or RGBA, not \(layout.format.rawValue)")
        }
        guard layout.encoding == settings.encoding else {
            throw MediaError("\(settings.path): the movie is \(settings.encoding) but a frame is \(layout.encoding)")
        }
        let chromaWidth = (layout.width + 1) / 2, chromaHeight = (layout.height + 1) / 2
        let extents = [(layout.width, layout.height), (chromaWidth, chromaHeight), (chromaWidth, chromaHeight)]
        for (plane, extent) in zip(layout.planes, extents) {
            let end = plane.offset + plane.bytesPerRow * (extent.1 - 1) + extent.0
            guard plane.offset >= 0, plane.bytesPerRow >= extent.0, end <= frame.bytes.count else {
                throw MediaError("\(settings.path): a frame's planes do not fit in its \(frame.bytes.count) bytes")
            }
        }
    }

    /// An RGBA frame, which the encoder's thread converts into the movie's limited-range 4:2:0, as libswscale
    /// does only for even sizes.
    private func checkRGBA(_ frame: VideoFrame) throws(MediaError) {
        let layout = frame.layout
        guard layout.width % 2 == 0, layout.height % 2 == 0, settings.encoding.range == .limited else {
            throw MediaError("\(settings.path): RGBA frames are taken only for an even size and limited range; "
                             + "this movie is \(layout.width)×\(layout.height), \(settings.encoding)")
        }
        guard let plane = layout.planes.first, plane.offset >= 0, plane.bytesPerRow >= layout.width * 4,
              plane.offset + plane.bytesPerRow * (layout.height - 1) + layout.width * 4 <= frame.bytes.count else {
            throw MediaError("\(settings.path): a frame's pixels do not fit in its \(frame.bytes.count) bytes")
        }
    }

    // MARK: The encoder thread

    private static func encode(_ settings: MovieSettings, queue: EncoderFrameQueue, soundBlocks: SoundBlockQueue?,
                               report: EncoderReport, interruption: StreamInterruption, opened: DispatchSemaphore) {
        let pipeline: MovieEncodingPipeline
        do {
            pipeline = try MovieEncodingPipeline(settings, soundBlocks: soundBlocks, interruption: interruption)
            report.warnings = pipeline.warnings
            if !settings.connectsInBackground { try pipeline.start() }
        } catch {
            report.fail(error)
            queue.close()
            opened.signal()
            return
        }
        opened.signal()
        if settings.connectsInBackground {
            do throws(MediaError) {
                try pipeline.start()
            } catch {
                // The next `append` throws it.
                report.fail(error)
                queue.close()
                return
            }
        }
        var failed = false
        while true {
            let entry = FrameStages.time("waiting for frames to encode", queue.take)
            // After a failure the thread keeps taking frames, unencoded, so that a waiting producer is
            // released and learns of the error on its next call.
            switch entry {
            case .frame(let frame, let index):
                guard !failed else { continue }
                do {
                    try pipeline.encode(frame, frameIndex: index)
                } catch {
                    failed = true
                    report.fail(error)
                    pipeline.abandon()
                }
            case .finish:
                if !failed {
                    do {
                        try pipeline.finish()
                    } catch {
                        report.fail(error)
                        pipeline.abandon()
                    }
                }
                report.framesWritten = pipeline.videoPacketsWritten
                queue.close()
                return
            }
            report.framesWritten = pipeline.videoPacketsWritten
        }
    }
}

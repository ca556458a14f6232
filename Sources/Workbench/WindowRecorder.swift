import GPU
import Media
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Records the image the window shows to `shaderbench-recordings/NAME-N.mp4` (or sends it to a network stream,
/// `--record-to`, which connects on the encoder's thread), at its own size, each frame
/// at the real time it was shown. The window never waits for it: frames are converted to YUV on the GPU and
/// read back a frame or two later (or, where the GPU is software, read back as RGBA and converted on the
/// encoder's thread), and queued for the encoder's thread, which drops (and counts) frames
/// when it falls behind instead of queueing them without bound. The sound the window hears goes in too (the
/// soundtrack it plays, or the sound an audio node captures), each block at the moment it is heard, handed
/// over by the thread that plays or captures it.
///
/// The movie's time zero is the moment its first frame is shown, not the key press before it (a frame or
/// several earlier on a busy machine): sound heard until then waits, and goes in measured from that frame, so
/// both streams start together; and they end together, the encoder ending the sound with the last frame.
final class WindowRecorder {
    /// Takes interleaved stereo at 48 kHz, with the moment the first sample is heard.
    typealias SoundListener = @Sendable (_ samples: [Float], _ heardAt: ContinuousClock.Instant) -> Void

    static let folder = "shaderbench-recordings"
    /// Frames are placed on a grid this fine; two shown within one step keep the first.
    static let timeSteps = 60

    let path: String
    let size: PixelSize
    private let readback: any FrameReadback
    private let writer: MovieWriter
    private let started = ContinuousClock.now
    /// When the first frame was shown, and the sound heard before it was known.
    private struct Timeline {
        var origin: ContinuousClock.Instant?
        var early: [(samples: [Float], heardAt: ContinuousClock.Instant)] = []
        var earlySamples = 0
    }
    private let timeline = Locked(Timeline())
    /// Sound kept while the first frame is awaited: more than the window ever takes to show it.
    private static let mostEarlySamples = 4 * MovieWriter.soundSampleRate * MovieWriter.soundChannelCount
    private var lastStep = -1
    /// When an image last went in: a stream's receivers are sent the shown image again while the window is idle.
    private var lastRecorded = ContinuousClock.now
    /// A stream's slowest pace: a receiver sees a still window as a stream of the same frame at this rate.
    static let streamRepeatInterval = Duration.milliseconds(1000 / 30)
    /// Frames the window showed within one step of the last, not recorded.
    private var framesCoalesced = 0
    /// Attaches a listener to the sound recorded (nil detaches it), when there is sound to record.
    private let listen: ((SoundListener?) -> Void)?

    init(name: String, streamingTo url: String?, imageSize: PixelSize, listen: ((SoundListener?) -> Void)?) throws {
        var number = 1
        var path = url ?? ""
        while url == nil, path.isEmpty || UserFile.isRegularFile(path) {
            path = "\(Self.folder)/\(name)-\(number).mp4"
            number += 1
        }
        self.path = path
        if url == nil { try Directories.create(Self.folder) }
        readback = try FrameReadbacks.forMovie(imageSize: imageSize)
        size = imageSize
        var settings = MovieSettings(path: path, width: readback.size.width, height: readback.size.height,
                                     frameRate: MovieSettings.FrameRate(Self.timeSteps), whenBehind: .drop)
        self.listen = listen
        settings.recordsSound = listen != nil
        let writer = try MovieWriter(settings)
        self.writer = writer
        listen? { [timeline] samples, heardAt in
            timeline.withLock { timeline in
                if let origin = timeline.origin {
                    writer.appendSound(samples, at: Self.seconds(heardAt - origin))
                    return
                }
                timeline.early.append((samples, heardAt))
                timeline.earlySamples += samples.count
                while timeline.earlySamples > Self.mostEarlySamples, !timeline.early.isEmpty {
                    timeline.earlySamples -= timeline.early.removeFirst().samples.count
                }
            }
        }
    }

    deinit {
        listen?(nil)
    }

    /// Seconds since recording began.
    var elapsed: Double { Self.seconds(.now - started) }

    /// How long the finished movie plays, read from the file: its last frame's end, which is not the time
    /// recording ran (the last frame shown may be well before V was pressed again). Nil when unreadable.
    var writtenDuration: Double? { isStream ? nil : try? MovieReader.duration(ofMovieAt: path) }

    /// Whether it sends a network stream rather than writing a file.
    var isStream: Bool { writer.settings.isStream }

    /// Frames the encoder could not keep up with.
    var framesDropped: Int { writer.framesDropped }

    /// Seconds until a stream is due the shown image again (`streamRepeatInterval` after the last), or nil for a
    /// movie file, which only takes what is shown.
    var timeUntilRepeat: Double? {
        guard isStream else { return nil }
        return max(0, Self.seconds(lastRecorded + Self.streamRepeatInterval - .now))
    }

    /// Queues the image shown now. Throws when the movie cannot be written (a full disk), which ends it.
    func record(_ image: RenderTarget) throws {
        let now = ContinuousClock.now
        lastRecorded = now
        let origin = timeline.withLock { timeline in
            if let origin = timeline.origin { return origin }
            // The first frame: time zero. What was heard before it is cut where the movie starts.
            timeline.origin = now
            for block in timeline.early { writer.appendSound(block.samples, at: Self.seconds(block.heardAt - now)) }
            timeline.early = []
            timeline.earlySamples = 0
            return now
        }
        let step = Int((Self.seconds(now - origin) * Double(Self.timeSteps)).rounded())
        guard step > lastStep else {
            framesCoalesced += 1
            return
        }
        lastStep = step
        if let frame = try readback.push(image, index: step) { try append(frame) }
    }

    /// Writes what is in flight and closes the movie, which stays playable even if this never runs.
    func finish() throws {
        listen?(nil)
        for frame in try readback.drain() { try append(frame) }
        try writer.finish()
    }

    private func append(_ frame: VideoFrame) throws {
        _ = try writer.append(frame, frameIndex: Int(frame.sequence))
        readback.recycle(frame)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

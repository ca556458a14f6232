import Foundation
import OperatingSystem
import VideoFrames

/// A movie file as a frame source. A thread of its own ("shaderbench-movie") decodes a few frames ahead of
/// the one on show into a bounded queue; callers ask for the frame at a time of the movie's own timeline,
/// where the first frame is at 0 and each frame covers the time until the next one.
///
/// Renders wait for the exact frame, so their output does not depend on how fast decoding goes. The window
/// does not wait: it takes the newest frame due and counts the ones it skipped as dropped, so a decoder that
/// falls behind drops frames instead of stalling the window. Asking for a time before the frame shown (a
/// loop starting over) or well past the frames decoded seeks.
public final class MovieReader: FrameSource {
    public let path: String
    /// What the file holds, found when it was opened.
    public let info: MovieInfo
    private let shared: SharedPlayback
    private let currentNotice = Locked<String?>(nil)
    private let lastingNotice = Locked<String?>(nil)

    /// Frames decoded ahead of the one on show; enough to ride out a slow frame, few enough that a 4K movie
    /// stays within a hundred megabytes as 4:2:0 (about 130 as RGBA, where the CPU converts).
    static let queueCapacity = 4
    static let threadName = "shaderbench-movie"

    /// Opens `path`, decodes its first frame and starts decoding on a thread of its own, which also converts
    /// each frame to RGBA when `conversionSite` is the CPU. `onFrame` runs on that thread whenever a frame the
    /// caller wants becomes available (to wake a window).
    public init(path: String, conversionSite: FrameConversionSite = .gpu,
                onFrame: @escaping @Sendable () -> Void = {}) throws(MediaError) {
        self.path = path
        let shared = SharedPlayback(capacity: Self.queueCapacity)
        self.shared = shared
        let loop = MovieDecodeLoop(path: path, shared: shared, conversionSite: conversionSite, onFrame: onFrame)
        let thread = Thread {
            ThreadName.setCurrent(Self.threadName)
            loop.run()
            shared.threadEnded.signal()
        }
        thread.name = Self.threadName
        thread.start()
        switch shared.waitUntilOpened() {
        case .success(let info):
            self.info = info
        case .failure(let error):
            shared.threadEnded.wait()
            // Nothing to stop: the thread has ended, and a reader that was never made has no deinit.
            shared.queue.withLock { $0.stop() }
            throw error
        }
    }

    deinit {
        stop()
    }

    public func frame(at seconds: Double, wait: Double?) throws(FrameSourceError) -> VideoFrame? {
        let decision: PlaybackQueue.Decision
        if let wait {
            let reached = FrameStages.time("waiting for the decoder") { waitWhileDecoding(for: seconds, stall: wait) }
            guard let reached else {
                let message = "\(path): the frame at \(PlaybackEnding.format(seconds)) s was not decoded: the decoder made nothing for \(PlaybackEnding.format(wait)) s"
                currentNotice.withLock { $0 = message }
                throw FrameSourceError(message)
            }
            decision = reached
        } else {
            decision = shared.update { queue in
                queue.stopping ? .unchanged : queue.take(at: seconds, waiting: false)
            }
        }
        switch decision {
        case .deliver(let frame):
            currentNotice.withLock { $0 = nil }
            return frame
        case .unchanged, .wait:
            return nil
        case .unreachable(let ending):
            let message = ending.message(path: path, at: seconds)
            currentNotice.withLock { $0 = message }
            if let lasting = ending.lastingNotice(path: path) { lastingNotice.withLock { $0 = lasting } }
            throw FrameSourceError(message)
        }
    }

    /// Waits for the frame at `seconds` as long as the decoder keeps making pictures, so that a seek far into
    /// a long group of pictures on a loaded machine is not taken for a stall; nil once `stall` seconds pass
    /// with nothing decoded.
    private func waitWhileDecoding(for seconds: Double, stall: Double) -> PlaybackQueue.Decision? {
        var decodedBefore = shared.queue.withLock { $0.picturesDecoded }
        while true {
            let reached = shared.waitFor(until: Date(timeIntervalSinceNow: max(0, stall))) { queue -> PlaybackQueue.Decision? in
                if queue.stopping { return .unchanged }
                let decision = queue.take(at: seconds, waiting: true)
                if case .wait = decision { return nil }
                return decision
            }
            if let reached { return reached }
            let decodedNow = shared.queue.withLock { $0.picturesDecoded }
            if decodedNow == decodedBefore { return nil }
            decodedBefore = decodedNow
        }
    }

    public func recycle(_ frame: VideoFrame) {
        let bytes = frame.bytes
        shared.queue.withLock { $0.recycle(bytes) }
    }

    public var frameSize: (width: Int, height: Int)? { info.displaySize }
    public var duration: Double? { info.duration }

    /// The `duration` a reader of the movie at `path` has, read from its container alone: what a soundtrack
    /// heard beside the movie's pictures loops or holds at, as they do.
    public static func duration(ofMovieAt path: String) throws(MediaError) -> Double {
        try MovieDemuxer(path: path).timelineDuration
    }

    /// The movie's own frame rate, exactly, and its `duration`, read from its container alone: what a render
    /// of the movie takes when not told its rate and length. The rate is nil when the file does not say.
    public static func timing(ofMovieAt path: String) throws(MediaError) -> (frameRate: MovieSettings.FrameRate?, duration: Double) {
        let demuxer = try MovieDemuxer(path: path)
        return (demuxer.exactFrameRate, demuxer.timelineDuration)
    }
    public var frameInterval: Double? { info.frameRate > 0 ? 1 / info.frameRate : nil }
    public var framesDropped: Int { shared.queue.withLock { $0.framesDropped } }
    public var isPresent: Bool { true }
    /// A fault of the file outlives the frames that play well around it (a looping truncated movie would
    /// otherwise come and go with every loop); other notices last while they hold.
    public var notice: String? { lastingNotice.withLock { $0 } ?? currentNotice.withLock { $0 } }

    /// The most frames the queue has held at once; never more than its capacity.
    var peakQueuedFrames: Int { shared.queue.withLock { $0.peakCount } }
    var queuedFrames: Int { shared.queue.withLock { $0.frames.count } }

    /// Ends the decode thread and waits until it has released the file. Safe to call more than once.
    public func stop() {
        let isFirst = shared.update { queue in
            defer { queue.stop() }
            return !queue.stopping
        }
        guard isFirst else { return }
        shared.threadEnded.wait()
    }
}

import VideoFrames

/// The frames a movie's decode thread has made ahead of the one on show, and the rules that pick the frame
/// for a time. Both sides share it behind one lock; it never blocks and holds no more than `capacity`
/// frames, so memory is bounded by construction.
///
/// The frame for a time is the last one whose presentation time is at or before it. That is only certain
/// once the frame after it is decoded (or the stream has ended): a caller that waits waits for that
/// certainty, a caller that does not takes the newest frame due and lets the rest go.
struct PlaybackQueue {
    enum Decision {
        /// A frame the caller has not had yet.
        case deliver(VideoFrame)
        /// The frame delivered last is still the one to show.
        case unchanged
        /// The frame is not decoded yet; a waiting caller should wait for the thread.
        case wait
        /// Decoding stopped before the time asked for.
        case unreachable(PlaybackEnding)
    }

    /// What the decode thread should do next.
    enum Work: Equatable {
        case stop
        /// Seek to the keyframe before `seconds`, then decode forward to it.
        case seek(to: Double, generation: Int)
        /// Decode the next frame.
        case decode(generation: Int)
    }

    /// A request this far past the newest decoded frame seeks instead of decoding every frame between.
    static let farAhead = 1.0

    let capacity: Int
    /// Timestamps closer than this count as equal: containers round them (Matroska to milliseconds), so
    /// frame k of a 30 fps movie may be stamped a fraction of a millisecond after k/30.
    var tolerance: Double
    /// Decoded frames not yet shown, oldest first.
    private(set) var frames: [VideoFrame] = []
    /// The most frames ever queued at once.
    private(set) var peakCount = 0
    /// Storage given back, reused for the next frames.
    private var spare: [[UInt8]] = []
    /// The presentation time of the frame delivered last.
    private(set) var shownTime: Double?
    /// The presentation time of the newest frame decoded since the last seek.
    private var newestTime: Double?
    /// A seek asked for and not yet begun by the thread.
    private var requestedSeek: Double?
    /// The target of a seek whose first frame has not arrived yet.
    private var landing: Double?
    /// The time the last seek was for (0 from opening): the queue holds nothing for earlier times.
    private var seekOrigin = 0.0
    /// Counts seeks, so that a frame decoded before one is refused after it.
    private(set) var generation = 0
    private(set) var ending: PlaybackEnding?
    private(set) var framesDropped = 0
    private(set) var stopping = false
    /// The time the caller asked for last, so the thread can tell a frame that is due from one ahead.
    private(set) var lastAskedTime = 0.0
    /// Counts every picture the thread has decoded, those a seek passes over on its way included: a caller
    /// waiting for a frame far from the last tells a slow decoder from a stalled one by it.
    private(set) var picturesDecoded = 0

    init(capacity: Int, tolerance: Double) {
        self.capacity = max(2, capacity)
        self.tolerance = tolerance
    }

    /// Differs after any change the other side must hear of: a seek, a frame queued or let go, an ending.
    var changeMark: [Int] {
        [generation, frames.count, framesDropped, ending == nil ? 0 : 1, stopping ? 1 : 0]
    }

    // MARK: The caller's side

    /// Picks the frame for `seconds`, asking for a seek when it lies behind the frame shown or far past the
    /// frames decoded. `waiting` callers need the exact frame; the others take the newest one due.
    mutating func take(at seconds: Double, waiting: Bool) -> Decision {
        let seconds = max(0, seconds)
        lastAskedTime = seconds
        let notYet: Decision = waiting ? .wait : .unchanged
        if let target = landing {
            if seconds + tolerance < target || seconds > target + Self.farAhead { requestSeek(to: seconds) }
            return notYet
        }
        // Before the frame shown, or before the time the queued frames were decoded for: only a seek has it.
        if seconds + tolerance < shownTime ?? seekOrigin {
            requestSeek(to: seconds)
            return notYet
        }
        let newest = frames.last?.timestamp ?? newestTime ?? shownTime ?? 0
        if ending == nil, seconds > newest + Self.farAhead {
            requestSeek(to: seconds)
            return notYet
        }
        let due = frames.lastIndex { $0.timestamp <= seconds + tolerance }
        // Before anything was shown the first frame answers even a time before it: a seek that landed late,
        // on the earliest frame there is.
        guard let index = due ?? (shownTime == nil && !frames.isEmpty ? 0 : nil) else {
            if frames.isEmpty, let ending, !ending.covers(seconds) { return .unreachable(ending) }
            return frames.isEmpty && ending == nil ? notYet : .unchanged
        }
        let isLast = index == frames.count - 1
        if isLast, ending == nil, waiting {
            // The next frame may be due too: wait for it, making room for the thread to decode it.
            drop(index)
            return .wait
        }
        if isLast, let ending, !ending.covers(seconds) { return .unreachable(ending) }
        drop(index)
        let frame = frames.removeFirst()
        shownTime = frame.timestamp
        return .deliver(frame)
    }

    /// Gives frame storage back for reuse.
    mutating func recycle(_ bytes: [UInt8]) {
        if spare.count < capacity + 2 { spare.append(bytes) }
    }

    mutating func stop() {
        stopping = true
        for frame in frames { recycle(frame.bytes) }
        frames.removeAll()
    }

    /// Lets the first `count` frames go unshown: a newer one is due.
    private mutating func drop(_ count: Int) {
        guard count > 0 else { return }
        framesDropped += count
        for frame in frames.prefix(count) { recycle(frame.bytes) }
        frames.removeFirst(count)
    }

    private mutating func requestSeek(to seconds: Double) {
        for frame in frames { recycle(frame.bytes) }
        frames.removeAll()
        requestedSeek = seconds
        landing = seconds
        seekOrigin = seconds
        generation += 1
        ending = nil
        newestTime = nil
        shownTime = nil
    }

    // MARK: The decode thread's side

    /// The thread's next job; nil while it has nothing to do (the queue is full or the stream ended).
    mutating func nextWork() -> Work? {
        if stopping { return .stop }
        if let target = requestedSeek {
            requestedSeek = nil
            return .seek(to: target, generation: generation)
        }
        if ending != nil || frames.count >= capacity { return nil }
        return .decode(generation: generation)
    }

    /// Storage for the next frame: given back earlier, or new.
    mutating func takeStorage() -> [UInt8] {
        spare.popLast() ?? []
    }

    /// Counts a picture decoded on the way to a seek's target, which the queue never holds.
    mutating func notePassedOver() {
        picturesDecoded += 1
    }

    /// Adds a decoded frame; false (its storage kept for reuse) when a seek since made it stale.
    mutating func publish(_ frame: VideoFrame, generation: Int) -> Bool {
        picturesDecoded += 1
        guard generation == self.generation, !stopping else {
            recycle(frame.bytes)
            return false
        }
        frames.append(frame)
        peakCount = max(peakCount, frames.count)
        newestTime = frame.timestamp
        landing = nil
        return true
    }

    /// Records how decoding ended, unless a seek since started it again.
    mutating func finish(_ ending: PlaybackEnding, generation: Int) {
        guard generation == self.generation else { return }
        self.ending = ending
        landing = nil
    }
}

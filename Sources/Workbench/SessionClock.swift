/// The composition's time: runs from when the window opens, survives reloads, and stops while paused.
struct SessionClock {
    private var started = ContinuousClock.now
    private var pausedAt: ContinuousClock.Instant?
    private(set) var frameIndex = 0

    var isPaused: Bool { pausedAt != nil }

    /// Seconds since the start, not counting pauses.
    var seconds: Double {
        let end = pausedAt ?? .now
        let elapsed = end - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    mutating func togglePause() {
        if let pausedAt {
            started += .now - pausedAt
            self.pausedAt = nil
        } else {
            pausedAt = .now
        }
    }

    /// Moves the clock by `seconds` (back when negative), never before its start, paused or not.
    mutating func shift(by seconds: Double) {
        let moved = max(-self.seconds, seconds)
        started -= Duration.nanoseconds(Int64((moved * 1e9).rounded()))
    }

    mutating func advanceFrame() {
        frameIndex += 1
    }

    /// Starts again from 0 and frame 0, keeping a pause: the first graph's first frame is at time 0, frame 0,
    /// as a ShaderToy starts, however long the window took to build it.
    mutating func restart() {
        started = .now
        if pausedAt != nil { pausedAt = started }
        frameIndex = 0
    }
}

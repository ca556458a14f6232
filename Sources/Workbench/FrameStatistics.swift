/// Frames per second and frame time over the last second, for the heads-up display.
struct FrameStatistics {
    private var intervals: [Double] = []
    private var last: ContinuousClock.Instant?

    mutating func framePresented(at instant: ContinuousClock.Instant = .now) {
        if let last {
            intervals.append(LiveSession.milliseconds(instant - last))
            var total = intervals.reduce(0, +)
            while total > 1000, intervals.count > 1 {
                total -= intervals.removeFirst()
            }
        }
        last = instant
    }

    /// Forget the gap while idle, so the first frame after a pause does not read as a stall.
    mutating func idle() {
        last = nil
    }

    var framesPerSecond: Double {
        let total = intervals.reduce(0, +)
        return total > 0 ? Double(intervals.count) * 1000 / total : 0
    }

    var frameMilliseconds: Double {
        intervals.isEmpty ? 0 : intervals.reduce(0, +) / Double(intervals.count)
    }
}

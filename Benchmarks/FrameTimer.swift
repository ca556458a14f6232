import CGLES

/// Times rendering in frames per second: each frame is finished (`glFinish`) before the next starts, so
/// the figure is the real cost of a frame on this GPU, not how fast commands can be queued.
enum FrameTimer {
    static func framesPerSecond(frames: Int, render: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<frames {
                try render()
                glFinish()
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(frames) / seconds
    }

    /// Two ways of drawing a frame timed against each other, in milliseconds a frame (medians over `rounds`): the
    /// rounds alternate which goes first, and each draws a frame unmeasured, then `frames` frames, each finished
    /// (`glFinish`) when `finishEach`, else only the last.
    static func alternating(rounds: Int, frames: Int, finishEach: Bool = true, _ first: () throws -> Void,
                            _ second: () throws -> Void) throws -> (first: Double, second: Double) {
        var times: [[Double]] = [[], []]
        for round in 0..<rounds {
            for which in round.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                let draw = which == 0 ? first : second
                try draw()
                glFinish()
                let elapsed = try ContinuousClock().measure {
                    for _ in 0..<frames {
                        try draw()
                        if finishEach { glFinish() }
                    }
                    if !finishEach { glFinish() }
                }
                times[which].append(milliseconds(elapsed) / Double(frames))
            }
        }
        return (median(times[0]), median(times[1]))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

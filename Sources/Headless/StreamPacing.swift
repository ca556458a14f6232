import Glibc
import VideoFrames

/// A network stream's frames handed on at the composition's rate, as a live source sends them: its receivers
/// play each frame as it comes, so a render that draws faster than real time waits for each frame's moment
/// (counted from the first), and one that draws slower sends each as soon as it is drawn.
final class StreamPacing {
    private let frameRate: FrameRate
    private var start: ContinuousClock.Instant?

    init(frameRate: FrameRate) {
        self.frameRate = frameRate
    }

    /// Returns at frame `index`'s moment (frames counted from the stream's first).
    func wait(forFrame index: Int) {
        let now = ContinuousClock.now
        guard let start else {
            start = now - Self.duration(frames: index, at: frameRate)
            return
        }
        let early = (start + Self.duration(frames: index, at: frameRate)) - now
        if early > .zero {
            let (seconds, attoseconds) = early.components
            usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
    }

    private static func duration(frames: Int, at rate: FrameRate) -> Duration {
        .nanoseconds(Int64(frames) * 1_000_000_000 * Int64(rate.denominator) / Int64(max(rate.numerator, 1)))
    }
}

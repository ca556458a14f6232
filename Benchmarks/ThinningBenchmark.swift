import Foundation
import ShaderGraph

/// A recorded slider gesture of 10 s at 60 events a second thinned into keys: how many keys it keeps, the
/// largest error of any event from what the keys play (as a fraction of the range), and how long thinning takes.
enum ThinningBenchmark {
    static let seconds = 10.0
    static let eventsPerSecond = 60.0
    /// A 300-pixel slider over 0…1 moves in steps of 1/300.
    static let sliderSteps: Float = 300

    /// The hand: five drags between resting places, each eased in and out over a second or two with a hold
    /// after it, a slow wobble over the whole take, and the slider's steps.
    static func gesture() -> [GestureThinning.Sample] {
        let places: [(start: Double, length: Double, to: Double)] = [(0, 1.5, 0.8), (2, 1, 0.3), (3.5, 2, 0.9), (6.5, 1, 0.1), (8, 1.5, 0.6)]
        let count = Int(seconds * eventsPerSecond)
        return (0..<count).map { index in
            let time = Double(index) / eventsPerSecond
            var value = 0.2
            for move in places {
                let fraction = min(1, max(0, (time - move.start) / move.length))
                value += (move.to - value) * fraction * fraction * (3 - 2 * fraction)
            }
            value += 0.02 * sin(2 * .pi * 0.4 * time)
            let stepped = (Float(value) * sliderSteps).rounded() / sliderSteps
            return GestureThinning.Sample(time: time, value: [stepped])
        }
    }

    static func run(rounds: Int) {
        let samples = gesture()
        var keys: [Keyframe] = []
        var times: [Double] = []
        for _ in 0..<max(1, rounds) {
            let start = ContinuousClock.now
            keys = GestureThinning.keys(from: samples, ranges: [1], tolerance: GestureThinning.defaultTolerance)
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let error = GestureThinning.largestError(of: keys, against: samples, ranges: [1])
        print("")
        print("thinning: a \(Int(seconds)) s slider gesture at \(Int(eventsPerSecond)) events a second (\(samples.count) events), tolerance \(GestureThinning.defaultTolerance) of the range")
        print("keys            \(keys.count)")
        print(String(format: "largest error   %.5f of the range", error))
        print(String(format: "thinning        %8.3f ms (median of %d)", FrameTimer.median(times), times.count))
    }
}

import Foundation
import Testing
import ShaderGraph

/// A recorded gesture thinned into keys: every sample stays within the tolerance of what the keys play, with
/// as few keys as the shape needs.
@Suite("Thinning a recorded gesture into keys")
struct GestureThinningTests {
    /// `count` samples at 60 a second of `shape` over 0…1 seconds' fractions.
    func samples(_ count: Int, _ shape: (Double) -> Double) -> [GestureThinning.Sample] {
        (0..<count).map { index in
            let time = Double(index) / 60
            return GestureThinning.Sample(time: time, value: [Float(shape(time))])
        }
    }

    @Test("a straight ramp becomes its two ends")
    func ramp() {
        // 0 → 2 over two seconds: every sample lies on the line between the first and the last.
        let ramp = samples(121) { $0 }
        let keys = GestureThinning.keys(from: ramp, ranges: [2], tolerance: 0.001)
        #expect(keys.map(\.time) == [0, 2])
        #expect(keys.map(\.value) == [[0], [2]])
    }

    @Test("a ramp up and back keeps its corner")
    func corner() {
        // Up to 1 at one second, down to 0 at two: three keys, the middle one at the peak.
        let tent = samples(121) { $0 <= 1 ? $0 : 2 - $0 }
        let keys = GestureThinning.keys(from: tent, ranges: [1], tolerance: 0.001)
        #expect(keys.map(\.time) == [0, 1, 2])
        #expect(keys.map(\.value) == [[0], [1], [0]])
    }

    @Test("a sine gesture stays within the tolerance, with far fewer keys than samples")
    func sine() {
        let wave = samples(600) { sin($0 * 2 * .pi * 0.5) }
        let tolerance = 0.005
        let keys = GestureThinning.keys(from: wave, ranges: [2], tolerance: tolerance)
        // The error of any sample from the keys' straight segments, as a fraction of the range 2, measured here.
        let curve = KeyedCurve(keys: keys)
        let worst = wave.map { abs(Double($0.value[0] - curve.value(at: $0.time)[0])) / 2 }.max() ?? 0
        #expect(worst <= tolerance)
        // A chord of a sine of amplitude 1 and frequency f spanning h seconds errs about (2πf·h)²/8 at most:
        // within 0.01 (0.005 of a range of 2) that allows h ≈ 0.09 s, so 10 s need on the order of 110 keys,
        // far fewer than the 600 samples.
        #expect(keys.count < 200)
        #expect(keys.count > 20)
    }

    @Test("each component counts against its own range")
    func perComponent() {
        // The first component stays still; the second (range 10) wobbles by 0.2, which is 2 % of its range.
        let wobble = (0..<61).map { index in
            GestureThinning.Sample(time: Double(index) / 60, value: [0.5, index == 30 ? 0.2 : 0])
        }
        let tight = GestureThinning.keys(from: wobble, ranges: [1, 10], tolerance: 0.01)
        #expect(tight.map(\.time).contains(0.5))
        let loose = GestureThinning.keys(from: wobble, ranges: [1, 10], tolerance: 0.05)
        #expect(loose.map(\.time) == [0, 1])
    }

    @Test("samples at one time keep the last")
    func sameTime() {
        let repeated = [GestureThinning.Sample(time: 0, value: [1]), GestureThinning.Sample(time: 0, value: [2]),
                        GestureThinning.Sample(time: 1, value: [3])]
        #expect(GestureThinning.keys(from: repeated, ranges: [1]).map(\.value) == [[2], [3]])
    }

    @Test("a take replaces the keys of its own span only")
    func take() {
        let existing = [Keyframe(time: 0, value: [0]), Keyframe(time: 1, value: [1], interpolation: .smooth),
                        Keyframe(time: 2, value: [2]), Keyframe(time: 3, value: [3], interpolation: .hold)]
        let take = [Keyframe(time: 0.5, value: [5]), Keyframe(time: 2, value: [6])]
        let keys = KeyedCurve.keys(existing, replacingSpanWith: take)
        #expect(keys == [existing[0], take[0], take[1], existing[3]])
    }
}

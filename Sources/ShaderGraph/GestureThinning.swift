/// Turns a recorded gesture (a parameter's values as they came, one sample per event) into the fewest linear
/// keys found by Ramer–Douglas–Peucker that keep every sample within a tolerance of the curve the keys draw.
///
/// The error of a sample is measured in value, straight up from the segment at the sample's own time, not
/// perpendicular to it: that is what the curve plays at that moment, so "within tolerance" means exactly that
/// the played value never strays further than the tolerance from what the hand did. Each component counts on
/// its own, as a fraction of that component's range, and the worst component decides. The first and last
/// samples are always keys, so the take starts and ends where the gesture did.
public enum GestureThinning {
    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var value: [Float]

        public init(time: Double, value: [Float]) {
            self.time = time
            self.value = value
        }
    }

    /// The default tolerance: half a percent of the parameter's range, below what a slider's pixel moves.
    public static let defaultTolerance = 0.005

    /// Keys (linear, times in seconds) through a subset of `samples`, which are in time order. `ranges` gives
    /// each component's span (upper − lower; a missing or empty one counts as 1), and `tolerance` is the
    /// largest error allowed, as a fraction of that span. Samples at one time keep only the last.
    public static func keys(from samples: [Sample], ranges: [Float], tolerance: Double = defaultTolerance) -> [Keyframe] {
        let points = lastAtEachTime(samples)
        guard points.count > 2 else { return points.map { Keyframe(time: $0.time, value: $0.value) } }
        var kept = [Bool](repeating: false, count: points.count)
        kept[0] = true
        kept[points.count - 1] = true
        // A stack of spans instead of recursion: a long gesture must not run out of stack.
        var spans = [(points.startIndex, points.endIndex - 1)]
        while let (first, last) = spans.popLast() {
            guard last - first > 1 else { continue }
            var worst = first, worstError = 0.0
            for index in (first + 1)..<last {
                let error = self.error(of: points[index], from: points[first], to: points[last], ranges: ranges)
                if error > worstError {
                    worst = index
                    worstError = error
                }
            }
            guard worstError > tolerance else { continue }
            kept[worst] = true
            spans.append((first, worst))
            spans.append((worst, last))
        }
        return points.indices.filter { kept[$0] }.map { Keyframe(time: points[$0].time, value: points[$0].value) }
    }

    /// The largest error, as a fraction of its component's range, of `sample` from the straight line between
    /// `start` and `end` at the sample's time.
    public static func error(of sample: Sample, from start: Sample, to end: Sample, ranges: [Float]) -> Double {
        let span = end.time - start.time
        let fraction = span > 0 ? (sample.time - start.time) / span : 0
        var worst = 0.0
        for component in sample.value.indices where start.value.indices.contains(component) && end.value.indices.contains(component) {
            let from = Double(start.value[component]), to = Double(end.value[component])
            let line = from + (to - from) * fraction
            worst = max(worst, abs(Double(sample.value[component]) - line) / scale(ranges, component))
        }
        return worst
    }

    /// The largest error, as a fraction of each component's range, of any sample from what `keys` play at its
    /// time: what a take is checked against.
    public static func largestError(of keys: [Keyframe], against samples: [Sample], ranges: [Float]) -> Double {
        let curve = KeyedCurve(keys: keys)
        var worst = 0.0
        for sample in samples {
            let played = curve.value(at: sample.time)
            for component in sample.value.indices where played.indices.contains(component) {
                worst = max(worst, abs(Double(sample.value[component]) - Double(played[component])) / scale(ranges, component))
            }
        }
        return worst
    }

    private static func scale(_ ranges: [Float], _ component: Int) -> Double {
        let range = ranges.indices.contains(component) ? Double(ranges[component]) : 1
        return range > 0 && range.isFinite ? range : 1
    }

    /// The samples with only the last of any that share a time (one event's value replacing another's within
    /// one frame), so that keys stay at distinct times.
    private static func lastAtEachTime(_ samples: [Sample]) -> [Sample] {
        var points: [Sample] = []
        for sample in samples {
            if let last = points.last, last.time >= sample.time {
                points[points.count - 1].value = sample.value
            } else {
                points.append(sample)
            }
        }
        return points
    }
}

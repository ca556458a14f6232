/// Keys over time, as glTF's animation samplers hold them: the times, the values, an interpolation per
/// segment, applied to every component alike. `value(at:)` is the one evaluation: the executor's curve steps,
/// a keyed movie's time, the window's timeline and ShaderbenchKit all call it, and the exported C runtime
/// (`sb_curve_value`) repeats it operation for operation.
public struct KeyedCurve: Sendable, Hashable {
    /// What the curve does after its last key.
    public enum Repetition: String, Sendable, Hashable {
        /// Holds the last key's value.
        case once
        /// Starts again from the first key.
        case loop
        /// Plays back to the first key, then forwards again.
        case pingPong = "ping-pong"
    }

    /// How the numbers between keys are given to a parameter that takes only some.
    public enum Rounding: Sendable, Hashable {
        /// Any number (floats, vectors, colours, points).
        case none
        /// The nearest whole number, halves away from zero (ints).
        case whole
        /// The key's own value until the next key, whatever the interpolation (bools, menus: a value between
        /// two of them means nothing).
        case steps
    }

    /// In time order, no two at one time (the loader checks).
    public var keys: [Keyframe]
    public var repetition: Repetition
    public var rounding: Rounding

    public init(keys: [Keyframe], repetition: Repetition = .once, rounding: Rounding = .none) {
        self.keys = keys
        self.repetition = repetition
        self.rounding = rounding
    }

    /// How many numbers each value has.
    public var width: Int { keys.first?.value.count ?? 0 }

    /// The curve's value at `seconds`: the first key's before it, the segment's in between, and after the last
    /// key the last value, or the span again (`loop`) or back and forth (`ping-pong`).
    public func value(at seconds: Double) -> [Float] {
        guard let first = keys.first, let last = keys.last else { return [] }
        let moment = localTime(seconds, first: first.time, last: last.time)
        if moment <= first.time { return first.value }
        if moment >= last.time { return last.value }
        // The segment that holds the moment: the last key at or before it.
        var low = 0, high = keys.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if keys[middle].time <= moment { low = middle } else { high = middle }
        }
        let start = keys[low], end = keys[low + 1]
        if rounding == .steps || start.interpolation == .hold { return start.value }
        let fraction = (moment - start.time) / (end.time - start.time)
        let weight = Float(start.interpolation.weight(at: fraction))
        var numbers = start.value
        for component in numbers.indices where end.value.indices.contains(component) {
            let from = start.value[component]
            let value = from + (end.value[component] - from) * weight
            numbers[component] = rounding == .whole ? value.rounded() : value
        }
        return numbers
    }

    /// `seconds` brought into the keys' span where the curve repeats after it.
    private func localTime(_ seconds: Double, first: Double, last: Double) -> Double {
        let span = last - first
        guard span > 0, seconds > last else { return seconds }
        switch repetition {
        case .once:
            return seconds
        case .loop:
            return first + (seconds - first).truncatingRemainder(dividingBy: span)
        case .pingPong:
            let offset = (seconds - first).truncatingRemainder(dividingBy: 2.0 * span)
            return offset <= span ? first + offset : first + (2.0 * span - offset)
        }
    }
}

/// The edits a timeline makes to a curve's keys, each giving keys still in time order with no two at one time.
public enum KeyEditing {
    /// The least time between two keys a drag leaves: a millisecond, the finest a key's time is written to.
    public static let separation = 0.001

    /// `keys` with `key` among them in time order; a key already at its time gives way to it.
    public static func adding(_ key: Keyframe, to keys: [Keyframe]) -> [Keyframe] {
        var result = keys.filter { $0.time != key.time }
        result.insert(key, at: result.firstIndex { $0.time > key.time } ?? result.endIndex)
        return result
    }

    /// `keys` with the key at `index` moved to `time` and `value`, its time held between its neighbours' (a
    /// drag never passes a key), never before 0.
    public static func moving(_ index: Int, in keys: [Keyframe], to time: Double, value: [Float]) -> [Keyframe] {
        guard keys.indices.contains(index) else { return keys }
        var result = keys
        let earliest = index > 0 ? keys[index - 1].time + separation : 0
        let latest = index + 1 < keys.count ? keys[index + 1].time - separation : .infinity
        result[index].time = min(max(time, earliest), max(earliest, latest))
        result[index].value = value
        return result
    }

    /// `keys` with the segment after the key at `index` interpolated as `interpolation`.
    public static func interpolating(_ index: Int, in keys: [Keyframe], as interpolation: KeyInterpolation) -> [Keyframe] {
        guard keys.indices.contains(index) else { return keys }
        var result = keys
        result[index].interpolation = interpolation
        return result
    }

    /// `keys` without the key at `index`.
    public static func removing(_ index: Int, from keys: [Keyframe]) -> [Keyframe] {
        guard keys.indices.contains(index) else { return keys }
        var result = keys
        result.remove(at: index)
        return result
    }

    /// The interpolation after `interpolation` in the order a key cycles through them: hold, linear, smooth,
    /// and back to hold (a Bézier, whose handles are written in the file, goes on to hold).
    public static func next(after interpolation: KeyInterpolation) -> KeyInterpolation {
        switch interpolation {
        case .hold: .linear
        case .linear: .smooth
        case .smooth, .bezier: .hold
        }
    }

    /// A time as a key takes it: rounded to the millisecond it is written at.
    public static func rounded(_ seconds: Double) -> Double {
        max(0, (seconds * 1000).rounded() / 1000)
    }
}

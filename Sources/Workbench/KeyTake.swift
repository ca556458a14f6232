import ShaderGraph

/// A take of keys being recorded (Ctrl-R): while it records and the clock plays, each value a parameter is set
/// to (a slider, a point, a MIDI controller, an OSC message) is a sample at the clock's time. When it ends, each
/// parameter's samples are thinned into keys (`GestureThinning`) that replace the keys of the take's span on that
/// parameter, and the whole take is one step to undo.
struct KeyTake {
    private(set) var samples: [String: [GestureThinning.Sample]] = [:]

    mutating func add(_ parameter: String, seconds: Double, value: [Float]) {
        samples[parameter, default: []].append(GestureThinning.Sample(time: KeyEditing.rounded(seconds), value: value))
    }

    /// Every sampled parameter's keys with the take laid in: `existing` gives the keys it had, `ranges` each
    /// number's span, which the tolerance is a fraction of.
    func keys(existing: (String) -> [Keyframe], ranges: (String) -> [Float],
              tolerance: Double = GestureThinning.defaultTolerance) -> [String: [Keyframe]] {
        var result: [String: [Keyframe]] = [:]
        for (parameter, gesture) in samples where !gesture.isEmpty {
            let take = GestureThinning.keys(from: gesture, ranges: ranges(parameter), tolerance: tolerance)
            result[parameter] = KeyedCurve.keys(existing(parameter), replacingSpanWith: take)
        }
        return result
    }
}

/// A recorded take laid into a curve: the take's keys replace the keys of its own span, and the keys before
/// and after it stay as they were.
extension KeyedCurve {
    /// `keys` with every key from the take's first time to its last (both included) replaced by `take`; the
    /// rest keep their times, values and interpolations.
    public static func keys(_ keys: [Keyframe], replacingSpanWith take: [Keyframe]) -> [Keyframe] {
        guard let start = take.first?.time, let end = take.last?.time else { return keys }
        let before = keys.filter { $0.time < start }, after = keys.filter { $0.time > end }
        return before + take + after
    }
}

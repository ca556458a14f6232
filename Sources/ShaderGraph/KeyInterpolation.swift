/// How a curve goes from one key to the next: the interpolation of the segment that starts at a key.
public enum KeyInterpolation: Sendable, Hashable {
    /// The key's value until the next key.
    case hold
    /// A straight line to the next key.
    case linear
    /// Eased in and out (smoothstep: 3s² − 2s³), level at both keys.
    case smooth
    /// A cubic Bézier from (0, 0) to (1, 1) in the segment's time and value, through handles (x1, y1) and
    /// (x2, y2), as CSS's `cubic-bezier()` draws one: x is the fraction of the segment's time (0…1), y the
    /// fraction of the way to the next value, which may overshoot.
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The words a key takes; a Bézier is written `[bezier, X1, Y1, X2, Y2]`.
    public static let words = ["hold", "linear", "smooth", "bezier"]

    public var word: String {
        switch self {
        case .hold: "hold"
        case .linear: "linear"
        case .smooth: "smooth"
        case .bezier: "bezier"
        }
    }

    /// How far towards the next key's value the curve is at `fraction` (0…1) of the segment's time. Written as
    /// the exported C runtime writes it (`sb_curve_weight`), operation for operation, so both give the same bits.
    func weight(at fraction: Double) -> Double {
        switch self {
        case .hold:
            return 0
        case .linear:
            return fraction
        case .smooth:
            return fraction * fraction * (3.0 - 2.0 * fraction)
        case .bezier(let x1, let y1, let x2, let y2):
            // x(s) rises from 0 to 1 when both handles' x are in 0…1: halving finds s for this fraction to
            // well under a nanosecond of a one-second segment, the same steps on every machine.
            var low = 0.0, high = 1.0
            for _ in 0..<Self.bezierHalvings {
                let middle = (low + high) * 0.5
                if Self.bezierCoordinate(middle, x1, x2) < fraction { low = middle } else { high = middle }
            }
            return Self.bezierCoordinate((low + high) * 0.5, y1, y2)
        }
    }

    static let bezierHalvings = 40

    /// One coordinate of the Bézier from 0 to 1 through handles `first` and `second`, at parameter `s`.
    static func bezierCoordinate(_ s: Double, _ first: Double, _ second: Double) -> Double {
        let r = 1.0 - s
        return 3.0 * r * r * s * first + 3.0 * r * s * s * second + s * s * s
    }
}

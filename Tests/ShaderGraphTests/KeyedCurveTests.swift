import Testing
@testable import ShaderGraph

/// A curve's value between its keys, worked out by hand for each interpolation, and around its ends.
@Suite("Keyed curves")
struct KeyedCurveTests {
    static func curve(_ keys: [(Double, [Float], KeyInterpolation)], repetition: KeyedCurve.Repetition = .once,
                      rounding: KeyedCurve.Rounding = .none) -> KeyedCurve {
        KeyedCurve(keys: keys.map { Keyframe(time: $0.0, value: $0.1, interpolation: $0.2) }, repetition: repetition, rounding: rounding)
    }

    @Test("linear goes straight from key to key; hold stays until the next key")
    func linearAndHold() {
        let curve = Self.curve([(0, [0], .linear), (2, [1], .hold), (3, [0.25], .linear)])
        #expect(curve.value(at: 0.5) == [0.25])       // a quarter of the way from 0 to 1
        #expect(curve.value(at: 1.5) == [0.75])
        #expect(curve.value(at: 2) == [1])
        #expect(curve.value(at: 2.999) == [1], "held until the next key")
        #expect(curve.value(at: 3) == [0.25])
    }

    @Test("smooth eases in and out: 3s² − 2s³ of the way")
    func smooth() {
        let curve = Self.curve([(0, [2], .smooth), (4, [6], .linear)])
        // s = 1/4: 3/16 − 2/64 = 5/32 of the way from 2 to 6, so 2 + 4 × 5/32 = 2.625.
        #expect(curve.value(at: 1) == [2.625])
        #expect(curve.value(at: 2) == [4], "halfway in time is halfway in value")
        // s = 3/4: 27/16 − 54/64 = 27/32, so 2 + 4 × 27/32 = 5.375.
        #expect(curve.value(at: 3) == [5.375])
    }

    @Test("a Bézier segment follows its handles, as CSS's cubic-bezier() draws one")
    func bezier() {
        // x handles at 1/3 and 2/3 make x(s) = s, so y(s) is reached at s = the fraction of the time. With y
        // handles 0 and 1, y(s) = 3(1 − s)s² + s³ = 3s² − 2s³: at s = 1/4 that is 5/32.
        let eased = Self.curve([(0, [0], .bezier(x1: 1.0 / 3, y1: 0, x2: 2.0 / 3, y2: 1)), (1, [32], .linear)])
        #expect(abs(eased.value(at: 0.25)[0] - 5) < 1e-5)
        // y handles 1.5 and 1.5: y(1/2) = 3/8 × 1.5 + 3/8 × 1.5 + 1/8 = 1.25, past the next key (overshoot).
        let overshooting = Self.curve([(0, [0], .bezier(x1: 1.0 / 3, y1: 1.5, x2: 2.0 / 3, y2: 1.5)), (2, [4], .linear)])
        #expect(abs(overshooting.value(at: 1)[0] - 5) < 1e-5)
        // CSS's ease-in-out, (0.42, 0, 0.58, 1), is symmetric: halfway in time is halfway in value.
        let easeInOut = Self.curve([(0, [0], .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)), (1, [1], .linear)])
        #expect(abs(easeInOut.value(at: 0.5)[0] - 0.5) < 1e-6)
    }

    @Test("each component of a vector or colour is interpolated on its own, in the numbers the shader receives")
    func perComponent() {
        let curve = Self.curve([(0, [1, 0, 0, 1], .linear), (1, [0, 0.5, 1, 1], .linear)])
        #expect(curve.value(at: 0.25) == [0.75, 0.125, 0.25, 1])
    }

    @Test("before the first key the curve holds its first value, after the last its last")
    func ends() {
        let curve = Self.curve([(1, [3], .linear), (2, [5], .linear)])
        #expect(curve.value(at: 0) == [3])
        #expect(curve.value(at: 10) == [5])
    }

    @Test("a looping curve starts again after its last key; a ping-pong one plays back to its first")
    func repeats() {
        let keys: [(Double, [Float], KeyInterpolation)] = [(1, [0], .linear), (3, [8], .linear)]
        let looping = Self.curve(keys, repetition: .loop)
        #expect(looping.value(at: 3.5) == [2], "0.5 s into the second pass of the span from 1 s")
        #expect(looping.value(at: 6) == [4])
        let pingPong = Self.curve(keys, repetition: .pingPong)
        #expect(pingPong.value(at: 3.5) == [6], "0.5 s back from the last key")
        #expect(pingPong.value(at: 5) == [0], "back at the first key")
        #expect(pingPong.value(at: 5.5) == [2], "forwards again")
    }

    @Test("an int's value between keys is the nearest whole number; a bool's and a menu's step at each key")
    func rounding() {
        let whole = Self.curve([(0, [0], .linear), (4, [10], .linear)], rounding: .whole)
        #expect(whole.value(at: 1) == [3], "2.5 rounds away from zero")
        #expect(whole.value(at: 0.3) == [1], "0.75 rounds to 1")
        let steps = Self.curve([(0, [0], .linear), (1, [1], .linear)], rounding: .steps)
        #expect(steps.value(at: 0.9) == [0])
        #expect(steps.value(at: 1) == [1])
    }

    @Test("one key is a constant")
    func single() {
        #expect(Self.curve([(2, [7, 8], .smooth)]).value(at: 5) == [7, 8])
    }
}

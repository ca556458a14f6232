/// A number as an int uniform or control takes it: rounded, clamped to the 32-bit range GLSL's `int` has, and 0
/// for NaN. Values reach ints from wires too (a sum, a buffer element, a quotient by zero), where no check of the
/// user's numbers has run, and no conversion may be given one an `Int32` cannot hold.
public enum WholeNumber {
    public static func int32(_ value: Float) -> Int32 {
        guard !value.isNaN else { return 0 }
        return Int32(max(min(Double(value).rounded(), Double(Int32.max)), Double(Int32.min)))
    }
}

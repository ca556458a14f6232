/// A colour component from 0 to 1 as the 8-bit level an image file stores: clamped, rounded, and 0 for NaN,
/// which a shader's float target can hold (0 / 0) and no integer conversion may be given.
public enum EightBitLevel {
    public static func of(_ component: Float) -> UInt8 {
        component.isNaN ? 0 : UInt8((min(max(component, 0), 1) * 255).rounded())
    }
}

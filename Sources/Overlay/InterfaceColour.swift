import Images

/// A straight-alpha colour for text and marks, each channel from 0 to 1.
public struct InterfaceColour: Hashable, Sendable {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// ImGui's packed form: 0xAABBGGRR.
    var packed: UInt32 {
        func byte(_ channel: Float) -> UInt32 { UInt32(EightBitLevel.of(channel)) }
        return byte(alpha) << 24 | byte(blue) << 16 | byte(green) << 8 | byte(red)
    }
}

import ShaderLanguage

/// One key of a curve: a moment, the value there, and how the curve goes on to the next key.
public struct Keyframe: Sendable, Hashable {
    /// Seconds of the composition's clock.
    public var time: Double
    /// The parameter's numbers at that moment, as a uniform of its type takes them (bools 0 or 1).
    public var value: [Float]
    /// The segment from this key to the next.
    public var interpolation: KeyInterpolation
    /// Where the key is written, for errors about it and for writing it back; not part of what the key is.
    public var location: SourceLocation?

    public init(time: Double, value: [Float], interpolation: KeyInterpolation = .linear, location: SourceLocation? = nil) {
        self.time = time
        self.value = value
        self.interpolation = interpolation
        self.location = location
    }

    public static func == (a: Keyframe, b: Keyframe) -> Bool {
        a.time == b.time && a.value == b.value && a.interpolation == b.interpolation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(value)
        hasher.combine(interpolation)
    }
}

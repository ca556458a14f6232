import ShaderLanguage

/// A parameter the composition keys (`animate:`): a shader's uniform, or a movie's `time`, and its curve.
public struct AnimatedParameter: Sendable {
    /// `node.uniform`; for a movie, `node.time`.
    public var reference: ParameterReference
    public var curve: KeyedCurve

    public init(reference: ParameterReference, curve: KeyedCurve) {
        self.reference = reference
        self.curve = curve
    }

    /// The name a movie's keyable time has under `animate:`.
    public static let movieTime = "time"
}

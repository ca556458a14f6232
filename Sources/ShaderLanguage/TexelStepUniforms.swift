/// The uniforms that carry the step between the texels a shader samples, as GPUImage names them. The
/// workbench sets them to one texel of the pass's first input, as GPUImage does, unless the composition sets
/// them (which widens the neighbourhood or the blur), and its vertex stage steps by the same amount.
public struct TexelStepUniforms: Sendable, Equatable {
    public var width: String
    public var height: String

    /// Its 3×3 neighbourhoods, two-input neighbourhoods and reductions, and GPUImage 2's blurs.
    public static let neighbourhood = TexelStepUniforms(width: "texelWidth", height: "texelHeight")
    /// GPUImage 1's blurs, which set one of the two to 0 for a vertical or a horizontal pass.
    public static let blur = TexelStepUniforms(width: "texelWidthOffset", height: "texelHeightOffset")

    public var names: [String] { [width, height] }
}

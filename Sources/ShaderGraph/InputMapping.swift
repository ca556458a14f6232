import ShaderLanguage

/// How an image input whose shape differs from its pass is laid onto it. Inputs with the pass's aspect
/// ratio are only scaled, whatever the mapping.
public enum InputMapping: String, CaseIterable, Sendable, Hashable {
    /// Cover the pass, aspect kept, cropping what overhangs (the default).
    case fill
    /// Show all of the input, aspect kept, with transparent black bars.
    case fit
    /// Scale each axis to the pass, distorting the image.
    case stretch

    /// The share of the input's width and height the pass shows, centred: below 1 crops, above 1 adds bars.
    public func visibleShare(input: PixelSize, pass: PixelSize) -> (width: Double, height: Double) {
        let inputAspect = Double(input.width) / Double(input.height)
        let passAspect = Double(pass.width) / Double(pass.height)
        let ratio = passAspect / inputAspect
        switch self {
        case .stretch: return (1, 1)
        case .fill: return ratio < 1 ? (ratio, 1) : (1, 1 / ratio)
        case .fit: return ratio < 1 ? (1, 1 / ratio) : (ratio, 1)
        }
    }
}

import ShaderLanguage

/// A pattern node's picture and size.
public struct PatternSource: Sendable {
    /// What it draws (`pattern:`).
    public enum Picture: String, Sendable, CaseIterable {
        /// Colour bars, a grey ramp, an orbiting disc and a sweep line: the moving test pattern.
        case bars
        /// Still colour noise, Bonzomatic's `texNoise`.
        case noise
        /// A still 8 × 8 black and white checkerboard, Bonzomatic's `texChecker`.
        case checker
    }

    /// Nil renders at the composition's size.
    public var size: PixelSize?
    public var picture: Picture

    public init(size: PixelSize? = nil, picture: Picture = .bars) {
        self.size = size
        self.picture = picture
    }
}

/// `kind: pattern`: a picture drawn on the GPU, standing in for a missing camera. Without a size of its own it
/// is drawn at the frame's, so it is not one of the sources that size the frame.
struct PatternNode: NodeKindModel {
    var pattern: PatternSource

    static let keywords = ["pattern"]

    /// The `size` and `pattern` (bars unless it names another).
    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "size", "pattern"], in: "a pattern node")
        let fields = declaration.fields
        let size = fields["size"].flatMap { node in loading.attempt { () throws(Diagnostic) in try loading.reader.size(node, what: "'size'") } }
        var picture = PatternSource.Picture.bars
        if let pictureNode = fields["pattern"], let text = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(pictureNode, what: "'pattern'") }) {
            if let known = PatternSource.Picture(rawValue: text) {
                picture = known
            } else {
                loading.report("unknown pattern '\(text)'; expected one of: \(PatternSource.Picture.allCases.map(\.rawValue).joined(separator: ", "))", at: pictureNode, code: .wrongValue)
            }
        }
        return .pattern(PatternSource(size: size, picture: picture))
    }

    var output: NodeOutput { .image }
    var isImageSource: Bool { true }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .pattern(pattern)
    }
}

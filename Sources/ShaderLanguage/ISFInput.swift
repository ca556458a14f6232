/// One entry of an ISF header's `INPUTS`: a parameter or an image input. The workbench's prelude declares it
/// as a uniform of the same name, so compositions set and wire it like any other uniform.
public struct ISFInput: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// A momentary button: a bool that hosts with a UI hold true for one frame. Here it is an ordinary
        /// bool parameter, false unless the composition sets it.
        case event
        case bool
        /// A pop-up menu: an int, usually one of `values`.
        case long
        case float
        case point2D
        /// ossia score's three-component point, beside ISF's point2D.
        case point3D
        /// RGBA, each 0 to 1.
        case color
        case image
        /// Sound as an image: one row per channel, one column per sample (see `AudioSource`).
        case audio
        /// Sound's spectrum as an image: one row per channel, one column per frequency bin.
        case audioFFT
        /// The uniform's type in the prelude.
        public var glslType: GLSLType {
            switch self {
            case .event, .bool: .bool
            case .long: .int
            case .float: .float
            case .point2D: .vec2
            case .point3D: .vec3
            case .color: .vec4
            case .image, .audio, .audioFFT: .sampler2D
            }
        }

        /// How many numbers its DEFAULT, MIN, MAX and IDENTITY hold; nil for images, which have none.
        var componentCount: Int? { glslType == .sampler2D ? nil : glslType.componentCount }

        /// Whether the image it names is made from sound, which only an `audio` node feeds.
        public var isSound: Bool { self == .audio || self == .audioFFT }

        /// Kinds whose value a size expression may use as `$NAME`.
        var isNumber: Bool { componentCount == 1 }
    }

    public var name: String
    public var kind: Kind
    /// LABEL: the name shown to a person, where NAME is the identifier.
    public var label: String?
    public var defaultValue: [Float]?
    public var minimum: [Float]?
    public var maximum: [Float]?
    /// IDENTITY: the value at which a filter leaves its image unchanged.
    public var identity: [Float]?
    /// A long's menu: VALUES, the numbers it may take, and LABELS, what each is called (same order).
    public var values: [Int]?
    public var labels: [String]?
    /// An audio or audioFFT input's MAX: at most this many samples or frequency bins across its image.
    public var soundLength: Int?
    /// Where its NAME is written in the header.
    public var location: SourceLocation

    /// What the header says as the workbench's parameter settings: DEFAULT, the range (MIN...MAX, or for a
    /// long with VALUES their smallest to largest) and LABEL. Nil when it says none of them.
    public var annotation: ParameterAnnotation? {
        var annotation = ParameterAnnotation(defaultValue: defaultValue, minimum: minimum, maximum: maximum, label: label)
        if let values, let smallest = values.min(), let largest = values.max() {
            annotation.minimum = [Float(smallest)]
            annotation.maximum = [Float(largest)]
        }
        return annotation == ParameterAnnotation() ? nil : annotation
    }
}

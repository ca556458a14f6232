import ShaderLanguage

/// A published parameter as a panel offers it: its control, the name shown, the value it starts from and the
/// value it resets to, all as the plan settles them (`PlannedParameter`).
public struct TunableParameter: Hashable, Sendable {
    public var reference: ParameterReference
    /// The shader's label for it (a `label:` annotation, an ISF LABEL), else the uniform's name.
    public var label: String
    public var type: GLSLType
    /// How many numbers it holds: components times array elements.
    public var count: Int
    public var control: ParameterControl
    /// What a reset returns it to: the shader's default, else what the composition sets, else zeros.
    public var defaultValue: [Float]
    /// What the composition gives it: its literal, else the shader's default, else zeros. Nil when a wire
    /// sets it, which makes it read-only.
    public var compositionValue: [Float]?
    /// The value node (or published parameter) wired into it, when one is.
    public var wire: Wire?

    public var isWired: Bool { wire != nil }

    /// Every published parameter of `composition` as loaded (the panel compares tuned values with it), in
    /// publishing order. `renderSize` gives ISF points without MIN and MAX their range, the image in pixels.
    public static func all(in composition: Composition, renderSize: PixelSize) -> [TunableParameter] {
        PlannedParameter.all(in: composition).map { TunableParameter($0, renderSize: renderSize) }
    }

    /// The published parameters, then those only keys play: every parameter keys can be edited on.
    public static func keyable(in composition: Composition, renderSize: PixelSize) -> [TunableParameter] {
        (PlannedParameter.all(in: composition) + PlannedParameter.keyedOnly(in: composition)).map { TunableParameter($0, renderSize: renderSize) }
    }

    public init(_ planned: PlannedParameter, renderSize: PixelSize) {
        reference = planned.reference
        label = planned.label
        type = planned.type
        count = planned.count
        defaultValue = planned.resetValue
        compositionValue = planned.startingValue
        wire = planned.wire
        control = Self.control(for: planned, renderSize: renderSize)
    }

    private static func control(for parameter: PlannedParameter, renderSize: PixelSize) -> ParameterControl {
        let spans = parameter.spans
        switch (parameter.isfInput?.kind, parameter.type, parameter.count) {
        case (.event?, _, _):
            return .button
        case (.long?, _, _) where parameter.isfInput?.values?.isEmpty == false:
            let values = parameter.isfInput?.values ?? []
            let labels = parameter.isfInput?.labels.flatMap { $0.count == values.count ? $0 : nil } ?? values.map(String.init)
            return .menu(values: values.map(Int32.init), labels: labels)
        case (.color?, _, _):
            return .colour
        case (.point2D?, _, 2) where parameter.bounds.minimum == nil || parameter.bounds.maximum == nil:
            // ISF points without a range are in pixels of the image, from its bottom-left.
            return .point(x: 0...Float(renderSize.width), y: 0...Float(renderSize.height), yUp: true)
        case (_, .float, 1):
            return .slider(spans[0])
        case (_, .int, 1):
            let lower = Int32(spans[0].lowerBound.rounded(.down)), upper = Int32(spans[0].upperBound.rounded(.up))
            return .integerSlider(lower...max(upper, lower + 1))
        case (_, .bool, 1):
            return .checkbox
        case (_, .vec2, 2):
            // ISF, ShaderToy, glslViewer and GLSL Sandbox count y from the bottom, like GL; GPUImage-style texture coordinates from the top.
            return .point(x: spans[0], y: spans[1], yUp: parameter.dialect != .glsl)
        case (_, .vec3, 3), (_, .vec4, 4):
            let names = [parameter.reference.uniform, parameter.declaredLabel ?? ""].map { $0.lowercased() }
            if names.contains(where: { name in ["colour", "color", "tint"].contains { name.contains($0) } }) {
                return .colour
            }
            return .components(spans, integers: false)
        default:
            let integers = parameter.type.scalarKind != .float
            return .components(parameter.type.scalarKind == .bool ? spans.map { _ in 0...1 } : spans, integers: integers)
        }
    }
}

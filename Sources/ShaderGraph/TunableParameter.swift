import ShaderLanguage

/// A published parameter as a panel offers it: its control, the name shown, the value it starts from and the
/// value it resets to.
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

    /// Every published parameter of `composition` that the workbench sets, in publishing order. `renderSize`
    /// gives ISF points without MIN and MAX their range, the image in pixels.
    public static func all(in composition: Composition, renderSize: PixelSize) -> [TunableParameter] {
        composition.published.compactMap { reference in
            guard case .shader(let pass)? = composition.node(named: reference.node)?.kind,
                  let declaration = pass.interface.uniform(named: reference.uniform),
                  let components = declaration.type.componentCount else { return nil }
            return TunableParameter(reference: reference, pass: pass, declaration: declaration,
                                    count: components * (declaration.arrayLength ?? 1), renderSize: renderSize)
        }
    }

    private init(reference: ParameterReference, pass: ShaderPass, declaration: ShaderInterface.Declaration, count: Int,
                 renderSize: PixelSize) {
        self.reference = reference
        self.type = declaration.type
        self.count = count
        let annotation = declaration.annotation
        let isfInput = pass.interface.isf?.input(named: reference.uniform)
        label = annotation?.label ?? reference.uniform
        let declared = annotation?.defaultValue.flatMap { $0.count == count ? $0 : nil }
        compositionValue = pass.startingValue(of: declaration)
        if case .wire(let wire)? = pass.uniforms[reference.uniform] { self.wire = wire }
        defaultValue = declared ?? compositionValue ?? [Float](repeating: 0, count: count)
        control = Self.control(for: declaration, count: count, isfInput: isfInput, startingAt: defaultValue,
                               dialect: pass.interface.dialect, renderSize: renderSize)
    }

    private static func control(for declaration: ShaderInterface.Declaration, count: Int, isfInput: ISFInput?,
                                startingAt value: [Float], dialect: ShaderDialect, renderSize: PixelSize) -> ParameterControl {
        let annotation = declaration.annotation
        func range(_ component: Int) -> ClosedRange<Float> {
            let minimum = annotation?.minimum.map { $0.count == 1 ? $0[0] : $0[min(component, $0.count - 1)] }
            let maximum = annotation?.maximum.map { $0.count == 1 ? $0[0] : $0[min(component, $0.count - 1)] }
            if let minimum, let maximum, minimum < maximum { return minimum...maximum }
            return fallbackRange(around: value.indices.contains(component) ? value[component] : 0)
        }
        switch (isfInput?.kind, declaration.type, count) {
        case (.event?, _, _):
            return .button
        case (.long?, _, _) where isfInput?.values?.isEmpty == false:
            let values = isfInput?.values ?? []
            let labels = isfInput?.labels.flatMap { $0.count == values.count ? $0 : nil } ?? values.map(String.init)
            return .menu(values: values.map(Int32.init), labels: labels)
        case (.color?, _, _):
            return .colour
        case (.point2D?, _, 2) where annotation?.minimum == nil || annotation?.maximum == nil:
            // ISF points without a range are in pixels of the image, from its bottom-left.
            return .point(x: 0...Float(renderSize.width), y: 0...Float(renderSize.height), yUp: true)
        case (_, .float, 1):
            return .slider(range(0))
        case (_, .int, 1):
            let bounds = range(0)
            let lower = Int32(bounds.lowerBound.rounded(.down)), upper = Int32(bounds.upperBound.rounded(.up))
            return .integerSlider(lower...max(upper, lower + 1))
        case (_, .bool, 1):
            return .checkbox
        case (_, .vec2, 2):
            // ISF, ShaderToy, glslViewer and GLSL Sandbox count y from the bottom, like GL; GPUImage-style texture coordinates from the top.
            return .point(x: range(0), y: range(1), yUp: dialect != .glsl)
        case (_, .vec3, 3), (_, .vec4, 4):
            let names = [declaration.name, annotation?.label ?? ""].map { $0.lowercased() }
            if names.contains(where: { name in ["colour", "color", "tint"].contains { name.contains($0) } }) {
                return .colour
            }
            return .components((0..<count).map(range), integers: false)
        default:
            let integers = declaration.type.scalarKind != .float
            let ranges = (0..<count).map { declaration.type.scalarKind == .bool ? 0...1 : range($0) }
            return .components(ranges, integers: integers)
        }
    }

    /// A range for a number the shader gives none: 0 to 1 for values in it (most parameters are fractions),
    /// else wide enough that the value sits in its middle.
    static func fallbackRange(around value: Float) -> ClosedRange<Float> {
        if (0...1).contains(value) { return 0...1 }
        let span = 2 * abs(value)
        return value > 0 ? 0...span : -span...span
    }
}

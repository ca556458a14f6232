import ShaderLanguage

/// A published parameter as the plan settles it, once, for every reader: the window's panel and controllers,
/// `render`'s `--set`, both exports and the embedded kit. Its value, its reset value and its ranges are worked
/// out here and nowhere else.
public struct PlannedParameter: Hashable, Sendable {
    public var reference: ParameterReference
    public var type: GLSLType
    /// Set for arrays (`uniform float weights[9];`).
    public var arrayLength: Int?
    /// How many numbers it holds: components times array elements.
    public var count: Int
    /// The shader's label for it (a `label:` annotation, an ISF LABEL), if it gives one.
    public var declaredLabel: String?
    /// What the composition starts it at: its literal, else the shader's declared default where that has the
    /// parameter's count of numbers, else zeros. Nil when a wire sets it, which makes it read-only.
    public var startingValue: [Float]?
    /// What a reset returns it to: the shader's default, else the starting value, else zeros.
    public var resetValue: [Float]
    /// The value node (or published parameter) wired into it, when one is.
    public var wire: Wire?
    /// The bounds the shader declares, which every value set is clamped to.
    public var bounds: DeclaredBounds
    /// The span a control offers each number: the declared bounds, else one around its reset value.
    public var spans: [ClosedRange<Float>]
    /// The ISF input it is, whose kind (event, long with values, colour, point) chooses its control.
    public var isfInput: ISFInput?
    public var dialect: ShaderDialect

    /// The name a panel shows: the shader's label, else the uniform's name.
    public var label: String { declaredLabel ?? reference.uniform }

    /// Every published parameter of `composition` that the workbench sets, in publishing order.
    public static func all(in composition: Composition) -> [PlannedParameter] {
        composition.published.compactMap { planned($0, in: composition) }
    }

    /// The parameters only keys play (named in `animate:`, not published), in the order they are keyed: the
    /// timeline shows and edits them beside the published ones.
    public static func keyedOnly(in composition: Composition) -> [PlannedParameter] {
        composition.animation.map(\.reference)
            .filter { keyed in !composition.published.contains { $0.isSameParameter(as: keyed) } }
            .compactMap { planned($0, in: composition) }
    }

    private static func planned(_ reference: ParameterReference, in composition: Composition) -> PlannedParameter? {
        guard let parameters = composition.node(named: reference.node)?.kind.uniformParameters,
              let declaration = parameters.declaration(named: reference.uniform),
              declaration.type.componentCount != nil else { return nil }
        return PlannedParameter(reference: reference, parameters: parameters, declaration: declaration)
    }

    private init(reference: ParameterReference, parameters: UniformParameters, declaration: ShaderInterface.Declaration) {
        self.reference = reference
        type = declaration.type
        arrayLength = declaration.arrayLength
        count = (declaration.type.componentCount ?? 1) * (declaration.arrayLength ?? 1)
        declaredLabel = declaration.annotation?.label
        startingValue = parameters.startingValue(of: declaration)
        if case .wire(let wire)? = parameters.settings[reference.uniform] { self.wire = wire }
        let declaredDefault = declaration.annotation?.defaultValue.flatMap { [count] in $0.count == count ? $0 : nil }
        resetValue = declaredDefault ?? startingValue ?? [Float](repeating: 0, count: count)
        bounds = DeclaredBounds(declaration)
        spans = (0..<count).map { [bounds, resetValue] in bounds.span(at: $0, around: resetValue.indices.contains($0) ? resetValue[$0] : 0) }
        isfInput = parameters.isf?.input(named: reference.uniform)
        dialect = parameters.dialect
    }
}

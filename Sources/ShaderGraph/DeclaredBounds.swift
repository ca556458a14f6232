import ShaderLanguage

/// The bounds a shader declares for a uniform (`// range: 0...1`, ISF's MIN and MAX), as written: one number
/// for every component or one per component, either side possibly missing. The one rule by which a value is
/// clamped (a composition's, `--set`, an exported setter's) and a control's span is chosen.
public struct DeclaredBounds: Hashable, Sendable {
    public var minimum: [Float]?
    public var maximum: [Float]?

    public init(_ declaration: ShaderInterface.Declaration) {
        minimum = declaration.annotation?.minimum.flatMap { $0.isEmpty ? nil : $0 }
        maximum = declaration.annotation?.maximum.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var isEmpty: Bool { minimum == nil && maximum == nil }

    /// The lower bound of component `index`, if one is declared.
    public func lower(at index: Int) -> Float? { Self.bound(minimum, at: index) }
    public func upper(at index: Int) -> Float? { Self.bound(maximum, at: index) }

    /// `values` with each component held within its bounds.
    public func clamp(_ values: [Float]) -> [Float] {
        values.indices.map { index in
            var value = values[index]
            if let low = lower(at: index) { value = max(value, low) }
            if let high = upper(at: index) { value = min(value, high) }
            return value
        }
    }

    /// The span a control offers component `index`: the declared one where both sides are and it is not
    /// empty, else one around `value` (`fallback(around:)`).
    public func span(at index: Int, around value: Float) -> ClosedRange<Float> {
        if let low = lower(at: index), let high = upper(at: index), low < high { return low...high }
        return Self.fallback(around: value)
    }

    /// A span for a number the shader gives none: 0 to 1 for values in it (most parameters are fractions),
    /// else wide enough that the value sits in its middle.
    public static func fallback(around value: Float) -> ClosedRange<Float> {
        if (0...1).contains(value) { return 0...1 }
        let span = 2 * abs(value)
        return value > 0 ? 0...span : -span...span
    }

    private static func bound(_ bounds: [Float]?, at index: Int) -> Float? {
        guard let bounds else { return nil }
        return bounds.count == 1 ? bounds[0] : bounds[min(index, bounds.count - 1)]
    }
}

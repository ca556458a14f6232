/// The control a published parameter is tuned with, chosen from its type and what its shader says of it.
public enum ParameterControl: Hashable, Sendable {
    /// A float.
    case slider(ClosedRange<Float>)
    /// An int.
    case integerSlider(ClosedRange<Int32>)
    /// A bool.
    case checkbox
    /// A vec2: a slider per axis, and a point on the image to drag. The image spans `x` from its left edge
    /// to its right and `y` from its top to its bottom, or from its bottom to its top when `yUp`.
    case point(x: ClosedRange<Float>, y: ClosedRange<Float>, yUp: Bool)
    /// A vec3 or vec4 that is a colour: a swatch with a picker, and a field per channel.
    case colour
    /// Any other vector, matrix or array: a slider per number; `integers` for int and bool types.
    case components([ClosedRange<Float>], integers: Bool)
    /// An ISF event: a button that makes the bool true for one frame.
    case button
    /// An ISF long with VALUES: a drop-down of its LABELS, each standing for one value.
    case menu(values: [Int32], labels: [String])
}

import GPU
import ImGuiBridge

/// Marks drawn over the image: rings over everything, the interface's windows included; labels under its
/// windows, for naming what is drawn on the image.
extension InterfaceContext {
    /// A ring centred at `x`, `y`.
    public func ring(x: Float, y: Float, radius: Float, colour: InterfaceColour, thickness: Float) {
        imgui_bridge_circle(x, y, radius, colour.packed, thickness)
    }

    /// A straight line from `start` to `end`.
    public func line(from start: (x: Float, y: Float), to end: (x: Float, y: Float), colour: InterfaceColour, thickness: Float) {
        imgui_bridge_line(start.x, start.y, end.x, end.y, colour.packed, thickness)
    }

    /// `text` with its top-left corner at `x`, `y`, cut off outside `clip`.
    public func label(_ text: String, x: Float, y: Float, colour: InterfaceColour, clip: InterfaceRectangle) {
        imgui_bridge_backdrop_text(x, y, text, colour.packed, clip.x, clip.y, clip.width, clip.height)
    }

    /// A rectangle under the interface's windows: filled, or its outline when `thickness` is above 0.
    public func backdropRectangle(_ rectangle: InterfaceRectangle, colour: InterfaceColour, rounding: Float = 0, thickness: Float = 0) {
        imgui_bridge_backdrop_rectangle(rectangle.x, rectangle.y, rectangle.width, rectangle.height, colour.packed, rounding, thickness)
    }

    /// A cubic Bézier curve under the interface's windows, from `start` to `end` through the pull of two controls.
    public func backdropCurve(_ start: (x: Float, y: Float), _ control1: (x: Float, y: Float), _ control2: (x: Float, y: Float),
                              _ end: (x: Float, y: Float), colour: InterfaceColour, thickness: Float) {
        imgui_bridge_backdrop_curve(start.x, start.y, control1.x, control1.y, control2.x, control2.y, end.x, end.y, colour.packed, thickness)
    }

    /// One stroke through cubic Bézier curves under the interface's windows, from `start`, each curve its two
    /// controls and its end: a wire through several points drawn as one line, cut into as few segments as look smooth.
    public func backdropPath(from start: (x: Float, y: Float), curves: [(control1: (x: Float, y: Float), control2: (x: Float, y: Float), end: (x: Float, y: Float))],
                             colour: InterfaceColour, thickness: Float) {
        guard !curves.isEmpty else { return }
        var numbers = [start.x, start.y]
        numbers.reserveCapacity(2 + 6 * curves.count)
        for curve in curves { numbers += [curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y, curve.end.x, curve.end.y] }
        imgui_bridge_backdrop_path(numbers, Int32(curves.count), colour.packed, thickness)
    }

    /// A filled circle under the interface's windows.
    public func backdropDisc(x: Float, y: Float, radius: Float, colour: InterfaceColour) {
        imgui_bridge_backdrop_disc(x, y, radius, colour.packed)
    }

    /// How far the scroll wheel turned this frame where no window takes the pointer: up positive, 0 over a window.
    public var wheelOverBackdrop: Float { imgui_bridge_wheel_over_backdrop() }

    /// Draws the backdrop marks `marks` makes into the framebuffer bound now, apart from the frame, as a layer of
    /// `width` × `height` units: what stays the same between frames, drawn once into a texture (`WindowLayer`).
    public func drawLayer(width: Float, height: Float, pixelsPerUnit: Float, _ marks: () -> Void) {
        imgui_bridge_layer_begin(width, height)
        marks()
        let state = DrawStateSnapshot.capture()
        imgui_bridge_layer_end(width, height, pixelsPerUnit)
        state.restore()
    }
}

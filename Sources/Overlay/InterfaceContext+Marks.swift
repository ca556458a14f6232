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
}

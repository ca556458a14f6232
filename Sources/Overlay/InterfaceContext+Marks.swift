import ImGuiBridge

/// Marks drawn over everything, the image and the interface's windows alike.
extension InterfaceContext {
    /// A ring centred at `x`, `y`.
    public func ring(x: Float, y: Float, radius: Float, colour: InterfaceColour, thickness: Float) {
        imgui_bridge_circle(x, y, radius, colour.packed, thickness)
    }

    /// A straight line from `start` to `end`.
    public func line(from start: (x: Float, y: Float), to end: (x: Float, y: Float), colour: InterfaceColour, thickness: Float) {
        imgui_bridge_line(start.x, start.y, end.x, end.y, colour.packed, thickness)
    }
}

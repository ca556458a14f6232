/// A rectangle in window coordinates (ImGui's: from the window's top-left, in the units GLFW gives its size in).
public struct InterfaceRectangle: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
}

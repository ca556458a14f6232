import ShaderGraph
import ShaderLanguage

/// A rectangle of the window in framebuffer pixels, from its top-left: where the image is shown when the
/// interface takes a side of the window.
public struct PixelRectangle: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole of a window of `size`.
    public init(_ size: PixelSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }
}

import GPU
import Overlay
import ShaderGraph
import ShaderLanguage

/// Where things go in the window: the parameter panel docked at its right side when open, the image fitted
/// into the rest. The interface counts in window units, the image in framebuffer pixels; HiDPI screens have
/// more of the second.
struct WindowLayout {
    /// The window in interface units.
    var width: Float
    var height: Float
    /// Framebuffer pixels per interface unit.
    var pixelsPerUnit: Float
    var framebuffer: PixelSize
    /// The panel's width in interface units; 0 when it is closed.
    var panelWidth: Float

    init(framebuffer: PixelSize, windowWidth: Int, windowHeight: Int, panelOpen: Bool, scale: Float) {
        self.framebuffer = framebuffer
        width = Float(max(1, windowWidth))
        height = Float(max(1, windowHeight))
        pixelsPerUnit = Float(framebuffer.width) / width
        // Wide enough for a label and a slider at the screen's scale, and never more than half the window.
        panelWidth = panelOpen ? min(340 * scale, width / 2).rounded() : 0
    }

    /// The part of the window the image is fitted into, in framebuffer pixels.
    var imageArea: PixelRectangle {
        let panelPixels = Int((panelWidth * pixelsPerUnit).rounded())
        return PixelRectangle(x: 0, y: 0, width: max(1, framebuffer.width - panelPixels), height: framebuffer.height)
    }

    /// The same, in interface units.
    var imageAreaWidth: Float { width - panelWidth }

    /// A framebuffer pixel position in interface units.
    func units(x: Double, y: Double) -> (x: Float, y: Float) {
        (Float(x) / pixelsPerUnit, Float(y) / pixelsPerUnit)
    }
}

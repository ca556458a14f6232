import Foundation
import Overlay
import ShaderGraph

/// Where the graph view shows its layout in the window: a point of the layout at `p` is at `offset + p × zoom`
/// in window units. Fitted to the graph until the user pans or zooms.
struct GraphViewport: Equatable {
    var zoom: Float = 1
    var offset: (x: Float, y: Float) = (0, 0)

    static let zooms: ClosedRange<Float> = 0.2...3
    /// Each notch of the wheel zooms by this.
    static let wheelStep: Float = 1.15

    static func == (a: GraphViewport, b: GraphViewport) -> Bool {
        a.zoom == b.zoom && a.offset == b.offset
    }

    /// The whole layout in the middle of `area`, no larger than its own size and with a margin around it.
    static func fitting(width: Double, height: Double, in area: InterfaceRectangle, margin: Float) -> GraphViewport {
        let room = (width: max(1, area.width - 2 * margin), height: max(1, area.height - 2 * margin))
        let zoom = min(1, min(room.width / Float(max(width, 1)), room.height / Float(max(height, 1)))).clamped(to: zooms)
        return GraphViewport(zoom: zoom, offset: (area.x + (area.width - Float(width) * zoom) / 2,
                                                  area.y + (area.height - Float(height) * zoom) / 2))
    }

    func window(_ point: GraphLayout.Point) -> (x: Float, y: Float) {
        (offset.x + Float(point.x) * zoom, offset.y + Float(point.y) * zoom)
    }

    func window(_ box: GraphLayout.Box) -> InterfaceRectangle {
        let corner = window(box.origin)
        return InterfaceRectangle(x: corner.x, y: corner.y, width: Float(box.width) * zoom, height: Float(box.height) * zoom)
    }

    /// The layout's point under a window point.
    func layout(x: Float, y: Float) -> GraphLayout.Point {
        GraphLayout.Point(x: Double((x - offset.x) / zoom), y: Double((y - offset.y) / zoom))
    }

    /// Zoomed by `notches` of the wheel about the window point `x`, `y`, which stays where it is.
    func zoomed(by notches: Float, aboutX x: Float, y: Float) -> GraphViewport {
        let zoom = (self.zoom * Self.wheelStep.power(notches)).clamped(to: Self.zooms)
        let under = layout(x: x, y: y)
        return GraphViewport(zoom: zoom, offset: (x - Float(under.x) * zoom, y - Float(under.y) * zoom))
    }
}

private extension Float {
    func clamped(to range: ClosedRange<Float>) -> Float { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
    func power(_ exponent: Float) -> Float { Float(Foundation.pow(Double(self), Double(exponent))) }
}

import GPU
import Overlay
import ShaderGraph
import ShaderLanguage

/// While the panel is open, each vec2 parameter is a ring on the image at the point it stands for, and
/// dragging a ring moves the point: the parameter follows the pointer over the image. Wired points show
/// where their value puts them and cannot be dragged.
struct PointHandles {
    /// The parameter being dragged, from the press on its ring to the release.
    private var dragging: TunableParameter?
    private var wasPressed = false

    /// Whether a point is being dragged: its changes are one gesture until the release.
    var isDragging: Bool { dragging != nil }

    /// How far from a ring's centre a press still takes it, in interface units before scaling.
    static let radius: Float = 8

    /// Takes a pointer event (framebuffer pixels); true when it moved or took a point, so the image's own
    /// pointer (`mouse` nodes, `iMouse`) must not see it.
    mutating func pointer(x: Double, y: Double, pressed: Bool, session: LiveSession, layout: WindowLayout, scale: Float) -> Bool {
        defer { wasPressed = pressed }
        guard let size = session.executor?.renderSize else { return false }
        if let parameter = dragging {
            if pressed, let value = Self.value(at: (x, y), for: parameter, image: size, area: layout.imageArea) {
                session.tune(parameter, to: value, gestureContinues: true)
            }
            if !pressed {
                session.endGesture()
                dragging = nil
            }
            return true
        }
        guard pressed, !wasPressed else { return false }
        let reach = Double(Self.radius * scale * layout.pixelsPerUnit)
        dragging = session.parameters.first { parameter in
            guard !parameter.isWired, let value = session.value(of: parameter),
                  let centre = Self.windowPoint(of: value, for: parameter, image: size, area: layout.imageArea) else { return false }
            return (centre.x - x) * (centre.x - x) + (centre.y - y) * (centre.y - y) <= reach * reach
        }
        return dragging != nil
    }

    /// Draws a ring at each point parameter's place on the image.
    func draw(_ session: LiveSession, in interface: InterfaceContext, layout: WindowLayout) {
        guard let size = session.executor?.renderSize else { return }
        for parameter in session.parameters {
            guard let value = session.value(of: parameter),
                  let centre = Self.windowPoint(of: value, for: parameter, image: size, area: layout.imageArea) else { continue }
            let point = layout.units(x: centre.x, y: centre.y)
            let radius = Self.radius * interface.scale
            interface.ring(x: point.x, y: point.y, radius: radius + 1, colour: InterfacePalette.handleShadow, thickness: 3 * interface.scale)
            interface.ring(x: point.x, y: point.y, radius: radius, colour: InterfacePalette.handle, thickness: 1.5 * interface.scale)
        }
    }

    /// Where a point parameter's value is shown in the window (framebuffer pixels); nil for other parameters.
    static func windowPoint(of value: [Float], for parameter: TunableParameter, image: PixelSize,
                            area: PixelRectangle) -> (x: Double, y: Double)? {
        guard case .point(let xRange, let yRange, let yUp) = parameter.control, value.count == 2 else { return nil }
        let u = Double((value[0] - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound))
        let along = Double((value[1] - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound))
        let v = yUp ? 1 - along : along
        return Presenter.windowPoint(x: u * Double(image.width), y: v * Double(image.height), image: image, area: area)
    }

    /// The value that puts a point parameter at a window position (framebuffer pixels), held to the image.
    static func value(at position: (x: Double, y: Double), for parameter: TunableParameter, image: PixelSize,
                      area: PixelRectangle) -> [Float]? {
        guard case .point(let xRange, let yRange, let yUp) = parameter.control else { return nil }
        let topLeft = Presenter.windowPoint(x: 0, y: 0, image: image, area: area)
        let bottomRight = Presenter.windowPoint(x: Double(image.width), y: Double(image.height), image: image, area: area)
        let u = Float(min(max((position.x - topLeft.x) / (bottomRight.x - topLeft.x), 0), 1))
        let v = Float(min(max((position.y - topLeft.y) / (bottomRight.y - topLeft.y), 0), 1))
        let along = yUp ? 1 - v : v
        return [xRange.lowerBound + u * (xRange.upperBound - xRange.lowerBound),
                yRange.lowerBound + along * (yRange.upperBound - yRange.lowerBound)]
    }
}

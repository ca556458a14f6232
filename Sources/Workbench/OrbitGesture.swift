import GPU
import ShaderGraph

/// The pointer driving the orbit camera over a draw node's picture: a drag that starts on the image turns the
/// camera, one with the right button or Shift held slides it, and the wheel brings it nearer. It takes the
/// pointer only while a draw node is shown and nothing in the composition reads the pointer itself (a `mouse`,
/// `drag` or `pick` node), which would then get it as before.
struct OrbitGesture {
    private var last: (x: Double, y: Double)?

    /// Whether the orbit camera has the pointer for `session`'s graph now.
    static func applies(to session: LiveSession) -> Bool {
        guard session.orbitedNode != nil, let composition = session.executor?.composition else { return false }
        return !composition.nodes.contains { node in
            switch node.kind {
            case .mouse, .drag, .pick: true
            default: false
            }
        }
    }

    /// Takes a pointer event (framebuffer pixels); true when it moved the camera or holds a drag.
    mutating func pointer(x: Double, y: Double, pressed: Bool, panning: Bool, session: LiveSession, area: PixelRectangle) -> Bool {
        guard pressed || panning else {
            defer { last = nil }
            return last != nil
        }
        guard let from = last else {
            // A drag begins only on the image.
            guard x >= Double(area.x), y >= Double(area.y), x < Double(area.x + area.width), y < Double(area.y + area.height) else { return false }
            last = (x, y)
            return true
        }
        last = (x, y)
        // Framebuffer pixels over the shown image's height: the same drag turns as far at any window size.
        let dx = Float(x - from.x), dy = Float(y - from.y), height = Float(max(area.height, 1))
        if panning {
            session.moveCamera { OrbitCamera.pan($0, dx: dx, dy: dy, height: height) }
        } else {
            session.moveCamera { OrbitCamera.orbit($0, dx: dx, dy: dy, height: height) }
        }
        return true
    }

    /// Takes a wheel turn over the image: up (positive) brings the camera nearer.
    func scroll(_ steps: Double, session: LiveSession) -> Bool {
        session.moveCamera { OrbitCamera.zoom($0, steps: Float(steps)) }
    }
}

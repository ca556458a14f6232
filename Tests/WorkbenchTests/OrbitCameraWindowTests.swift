import Foundation
import ShaderGraph
import Testing
import TestSupport

/// The orbit camera under xdotool: a drag over a draw node's picture turns its camera about the target, the
/// wheel brings it nearer, Shift-drag slides it, C puts the composition's camera back, and Ctrl-S writes the
/// moved camera into the node's `camera:`.
@Suite("The orbit camera in the window", .serialized)
struct OrbitCameraWindowTests {
    static let composition = """
        composition: 1
        size: [320, 240]
        nodes:
          scene:
            kind: draw
            mesh: cube
            camera: { position: [0, 0, 3], fov: 45 }   # looking at the origin
        output: scene
        """

    /// The camera the window last drew through, as its trace says.
    static func lastCamera(_ window: LiveWindow) -> (position: SIMD3<Float>, target: SIMD3<Float>)? {
        guard let event = WindowTrace(path: window.tracePath).events.last(where: { $0.name == "camera-moved" }),
              let position = event.fields["position"] as? [Double], let target = event.fields["target"] as? [Double],
              position.count == 3, target.count == 3 else { return nil }
        return (SIMD3(position.map(Float.init)), SIMD3(target.map(Float.init)))
    }

    static func length(_ vector: SIMD3<Float>) -> Float { (vector * vector).sum().squareRoot() }

    @Test("drag turns, the wheel zooms, Shift-drag slides, C resets, Ctrl-S writes the camera back")
    func orbit() throws {
        let window = try LiveWindow(composition: Self.composition)
        #expect(eventually(timeout: 30) { WindowTrace(path: window.tracePath).frames.count > 0 }, "stderr: \(window.app.error)")
        let moves = { window.count(of: "camera-moved") }

        // A drag to the right: the camera goes round the target at its distance, staying level.
        try window.pointer(["mousemove", "640", "360", "sleep", "0.2", "mousedown", "1", "sleep", "0.2", "mousemove", "700", "360",
                            "sleep", "0.2", "mousemove", "760", "360", "sleep", "0.2", "mouseup", "1"])
        #expect(eventually(timeout: 10) { moves() >= 2 }, "stderr: \(window.app.error)")
        let turned = try #require(Self.lastCamera(window))
        #expect(abs(Self.length(turned.position) - 3) < 1e-3, "\(turned)")
        #expect(abs(turned.position.y) < 1e-4 && turned.position.x < -0.1, "turned to the left of the target: \(turned)")
        #expect(turned.target == SIMD3<Float>(0, 0, 0))

        // The wheel up, one step: nine tenths of the distance.
        let before = moves()
        try window.pointer(["mousemove", "640", "360", "sleep", "0.2", "click", "4"])
        #expect(eventually(timeout: 10) { moves() > before }, "stderr: \(window.app.error)")
        let nearer = try #require(Self.lastCamera(window))
        #expect(abs(Self.length(nearer.position) - 2.7) < 1e-3, "\(nearer)")

        // Shift-drag up: position and target slide together.
        let slid = moves()
        try window.pointer(["mousemove", "640", "360", "sleep", "0.2", "keydown", "shift", "mousedown", "1", "sleep", "0.2", "mousemove", "640", "300",
                            "sleep", "0.2", "mouseup", "1", "keyup", "shift"])
        #expect(eventually(timeout: 10) { moves() > slid }, "stderr: \(window.app.error)")
        let panned = try #require(Self.lastCamera(window))
        #expect(panned.target.y < -0.01 || panned.target.y > 0.01, "the target moved: \(panned)")
        #expect(abs(Self.length(panned.position - panned.target) - 2.7) < 1e-3, "at the same distance: \(panned)")

        // C: the composition's camera again.
        try window.pressAndWait("c")
        #expect(eventually(timeout: 10) { Self.lastCamera(window).map { $0.position == SIMD3<Float>(0, 0, 3) } == true }, "stderr: \(window.app.error)")

        // Another turn, written back by Ctrl-S into the node's flow mapping, comment kept.
        try window.pointer(["mousemove", "640", "360", "sleep", "0.2", "mousedown", "1", "sleep", "0.2", "mousemove", "640", "420",
                            "sleep", "0.2", "mouseup", "1"])
        #expect(eventually(timeout: 10) { Self.lastCamera(window).map { $0.position.y > 0.1 } == true }, "dragging down raises the camera")
        let saved = try #require(Self.lastCamera(window))
        try window.pressAndWait("ctrl+s")
        #expect(eventually(timeout: 10) { window.count(of: "parameters-saved") > 0 }, "stderr: \(window.app.error)")
        let text = try String(contentsOfFile: window.compositionPath, encoding: .utf8)
        #expect(text.contains("# looking at the origin"), "\(text)")
        let reread = try CompositionLoader.load(path: window.compositionPath)
        guard case .draw(let scene)? = reread.node(named: "scene")?.kind else {
            Issue.record("\(text)")
            return
        }
        #expect(Self.length(scene.camera.position - saved.position) < 1e-4 && scene.camera.fieldOfView == 45, "\(text)")
    }
}

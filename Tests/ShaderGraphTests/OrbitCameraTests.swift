import ShaderLanguage
import Testing
@testable import ShaderGraph

/// The orbit camera's moves, against the geometry worked out here.
struct OrbitCameraTests {
    func length(_ vector: SIMD3<Float>) -> Float { (vector * vector).sum().squareRoot() }

    var camera: SceneCamera {
        var camera = SceneCamera()
        camera.position = [0, 0, 4]
        camera.target = [0, 0, 0]
        camera.fieldOfView = 60
        return camera
    }

    @Test("a drag of half the image's height sideways turns a quarter turn about the target, at the same distance")
    func orbitSideways() {
        let turned = OrbitCamera.orbit(camera, dx: 50, dy: 0, height: 100)
        #expect(abs(turned.position.x + 4) < 1e-4 && abs(turned.position.z) < 1e-4 && abs(turned.position.y) < 1e-4, "\(turned.position)")
        #expect(turned.target == camera.target)
    }

    @Test("a drag down raises the camera, and never past looking straight down")
    func orbitUp() {
        let raised = OrbitCamera.orbit(camera, dx: 0, dy: 25, height: 100)
        // A quarter of the height: 45 degrees above the horizon.
        #expect(abs(raised.position.y - 4 * 0.70710678) < 1e-3 && abs(length(raised.position) - 4) < 1e-4, "\(raised.position)")
        let over = OrbitCamera.orbit(camera, dx: 0, dy: 1000, height: 100)
        #expect(over.position.y < 4 && over.position.y > 3.99 && over.problem == nil, "\(over.position)")
    }

    @Test("a pan moves position and target alike, by the picture's span at the target's distance")
    func pan() {
        let moved = OrbitCamera.pan(camera, dx: -100, dy: 0, height: 100)
        // The picture is 2 × 4 × tan(30°) = 4.6188 high at the target: a drag of its height to the left moves that far right.
        #expect(abs(moved.target.x - 4.6188) < 1e-3 && abs(moved.position.x - 4.6188) < 1e-3 && moved.position.z == 4, "\(moved.position)")
    }

    @Test("the wheel brings the camera nine tenths nearer a step, and never nearer than twice the near plane")
    func zoom() {
        #expect(abs(OrbitCamera.zoom(camera, steps: 1).position.z - 3.6) < 1e-5)
        #expect(abs(OrbitCamera.zoom(camera, steps: -1).position.z - 4 / 0.9) < 1e-4)
        #expect(OrbitCamera.zoom(camera, steps: 200).position.z == camera.near * 2)
    }

    @Test("framing aims at the box's middle from the way the camera looks, the sphere around the box filling the height")
    func frame() {
        let framed = OrbitCamera.frame(camera, bounds: ([1, 1, 1], [3, 3, 3]))
        #expect(framed.target == [2, 2, 2])
        // Radius √3; half the field of view 30°: √3 / sin 30° = 2√3 from the middle, along +z as before.
        let expected = Float(2 + 2 * 3.0.squareRoot())
        #expect(abs(framed.position.z - expected) < 1e-4 && framed.position.x == 2, "\(framed.position)")
    }
}

/// A moved camera written into the composition's text: numbers rewritten in place, missing keys added.
struct CameraWriteBackTests {
    var moved: SceneCamera {
        var camera = SceneCamera()
        camera.position = [1, 2, 3]
        camera.target = [0, 0.5, 0]
        return camera
    }

    @Test("a flow camera's numbers are rewritten where they are, and its missing keys added, comments kept")
    func flow() throws {
        let text = """
            nodes:
              scene: { kind: draw, mesh: cube, camera: { position: [0, 0, 3], fov: 40 } }   # the view
            output: scene
            """
        let written = try CameraWriteBack.write(["scene": moved], into: SourceText(path: "c.yaml", text: text))
        #expect(written.contains("position: [1, 2, 3], fov: 45") && written.contains("# the view") && written.contains("target: [0, 0.5, 0]"), "\(written)")
        let composition = try CompositionLoader.load(source: SourceText(path: "c.yaml", text: written))
        guard case .draw(let scene)? = composition.node(named: "scene")?.kind else { Issue.record("\(written)"); return }
        #expect(scene.camera == moved, "\(written)")
    }

    @Test("a block camera is rewritten in place, and a node without one gains one")
    func blockAndMissing() throws {
        let text = """
            nodes:
              scene:
                kind: draw
                mesh: cube
                camera:
                  position: [0, 0, 3]
                  near: 0.1
              other: { kind: draw, mesh: sphere }
            output: scene
            """
        let written = try CameraWriteBack.write(["scene": moved, "other": moved], into: SourceText(path: "c.yaml", text: text))
        let composition = try CompositionLoader.load(source: SourceText(path: "c.yaml", text: written))
        for name in ["scene", "other"] {
            guard case .draw(let scene)? = composition.node(named: name)?.kind else { Issue.record("\(written)"); continue }
            #expect(scene.camera == moved, "\(name): \(written)")
        }
        #expect(written.contains("      position: [1, 2, 3]\n      near: 0.1\n"), "\(written)")
    }
}

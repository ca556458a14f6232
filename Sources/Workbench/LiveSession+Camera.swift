import GPU
import ShaderGraph

/// The orbit camera: dragging over a draw node's picture turns its camera about the target, a right or
/// shift drag slides it, the wheel brings it nearer, C puts back the composition's camera and Z frames the mesh.
/// A moved camera is drawn at once (nothing is bound again), kept through reloads, counted as unsaved, and
/// written into the node's `camera:` by Ctrl-S.
extension LiveSession {
    /// The draw node the orbit camera moves: the node shown, or the mesh of the node shown when that is the last
    /// of glslViewer's passes around a model.
    var orbitedNode: String? {
        guard let composition = executor?.composition else { return nil }
        let shown = shownNode
        return composition.nodes.first { node in
            guard case .draw = node.kind else { return false }
            return node.name == shown || node.passOf == shown
        }?.name
    }

    /// Moves the orbited node's camera by `change`; false when no draw node is shown.
    @discardableResult
    func moveCamera(_ change: (SceneCamera) -> SceneCamera) -> Bool {
        guard let node = orbitedNode, let executor, let camera = executor.camera(of: node) else { return false }
        let moved = change(camera)
        guard moved != camera, moved.problem == nil else { return false }
        look(through: moved, node: node)
        orbitedCameras[node] = moved
        trace?.record("camera-moved", ["node": .string(node), "position": .floats(Self.floats(moved.position)),
                                       "target": .floats(Self.floats(moved.target))])
        return true
    }

    /// Puts the composition's own camera back on the orbited node; what the window says.
    func resetCamera() -> String {
        guard let node = orbitedNode, let scene = drawScene(of: node) else { return "no draw node is shown" }
        orbitedCameras[node] = nil
        look(through: scene.camera, node: node)
        trace?.record("camera-moved", ["node": .string(node), "position": .floats(Self.floats(scene.camera.position)),
                                       "target": .floats(Self.floats(scene.camera.target))])
        return "the composition's camera for \(node)"
    }

    /// Aims the orbited node's camera at its meshes, near enough that they fill the picture; what the window says.
    func frameCamera() -> String {
        guard let node = orbitedNode, let scene = drawScene(of: node) else { return "no draw node is shown" }
        let boxes = scene.meshes.map(\.data.bounds)
        let bounds = (minimum: boxes.map(\.minimum).reduce(SIMD3(repeating: .infinity), pointwiseMin),
                      maximum: boxes.map(\.maximum).reduce(SIMD3(repeating: -.infinity), pointwiseMax))
        return moveCamera { OrbitCamera.frame($0, bounds: bounds) } ? "\(node) framed" : "\(node) is framed already"
    }

    /// Sets the cameras the orbit camera moved on the draw nodes of `composition` that are still there.
    func applyOrbitedCameras(to composition: inout Composition) {
        for (node, camera) in orbitedCameras where composition.node(named: node) != nil {
            GLSLViewerScenePasses.setCamera(camera, of: node, in: &composition)
        }
    }

    /// Draws `node` through `camera` from the next frame on, and the passes glslViewer draws around it with its values.
    private func look(through camera: SceneCamera, node: String) {
        guard let executor else { return }
        executor.setCamera(camera, of: node)
        for uniform in GLSLViewerScenePasses.cameraUniforms(around: node, in: executor.composition, camera: camera) {
            executor.setUniform(uniform.uniform, of: uniform.node, to: uniform.numbers)
        }
    }

    private func drawScene(of node: String) -> DrawScene? {
        if case .draw(let scene)? = loadedComposition?.node(named: node)?.kind { scene } else { nil }
    }

    private static func floats(_ point: SIMD3<Float>) -> [Float] { [point.x, point.y, point.z] }
}

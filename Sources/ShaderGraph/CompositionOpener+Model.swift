import ShaderLanguage

/// A model file opened on its own (`shaderbench head.ply`): a draw node of it with the workbench's stages, framed
/// as glslViewer frames a model it opens. glslViewer aims its camera at the middle of the model's bounding box from
/// +z, twice the box's reach away (the farther of its corners from the origin, 0.5 at least), with its default
/// field of view (45 handed to a function that takes radians: 45 radians, about 58.3 degrees turned) and clipping
/// (0.01 to 1000).
extension CompositionOpener {
    /// The vertical field of view glslViewer's default camera has, in degrees.
    static let glslViewerFieldOfView: Float = {
        let turned = 45.0.truncatingRemainder(dividingBy: 2 * Double.pi)
        return Float(turned * 180 / Double.pi)
    }()

    /// `stages`: its fragment stage (a `.frag`, `.fsh`, `.fs` or `.glsl`) and vertex stage (a `.vert`, `.vsh` or
    /// `.vs`), either or both, as glslViewer takes them after a model.
    static func modelComposition(path: String, stages: [String] = []) throws(DiagnosticsError) -> Composition {
        let name = NodeName.isValid(fileStem(path)) ? fileStem(path) : "model"
        var named = (fragment: String?.none, vertex: String?.none)
        for stage in stages {
            let absolute = FilePaths.absolute(stage)
            let ending = FilePaths.fileExtension(of: stage)
            if ["vert", "vsh", "vs"].contains(ending), named.vertex == nil {
                named.vertex = absolute
            } else if ["frag", "fsh", "fs", "glsl"].contains(ending), named.fragment == nil {
                named.fragment = absolute
            } else {
                throw DiagnosticsError([.error("\(stage): after a model come its fragment shader (.frag, .fsh, .fs, .glsl) and its vertex shader "
                                               + "(.vert, .vsh, .vs), one of each", code: .wrongValue)])
            }
        }
        let camera = if case .success(let model) = ModelImport.read(path) { framing(model.mesh.bounds) } else { SceneCamera() }
        // A model that cannot be read is reported by the node's reading, at its mesh.
        let text = "nodes:\n" + LoneShaderComposition.drawEntry(name: name, mesh: path, camera: camera, fragment: named.fragment, vertex: named.vertex)
            + "\noutput: \(name)\n"
        return try CompositionLoader.load(source: SourceText(path: path, text: text))
    }

    /// glslViewer's camera for a model whose vertices lie in `bounds`.
    static func framing(_ bounds: (minimum: SIMD3<Float>, maximum: SIMD3<Float>)) -> SceneCamera {
        let reach = max(0.5, max(length(bounds.minimum), length(bounds.maximum)))
        let centre = (bounds.minimum + bounds.maximum) / 2
        var camera = SceneCamera()
        camera.target = centre
        camera.position = centre + SIMD3(0, 0, 2 * reach)
        camera.fieldOfView = glslViewerFieldOfView
        camera.near = 0.01
        camera.far = 1000
        return camera
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

import ShaderLanguage

/// The passes glslViewer draws around a model from the model's one fragment file, each a node of its own here.
/// A file that tests `BACKGROUND` (`#ifdef BACKGROUND`, `#if defined(BACKGROUND)`, `#elif defined(…)`, as
/// glslViewer looks for it) is drawn first over the whole image with it defined, and the model over that; a file
/// that tests `POSTPROCESSING` is drawn once more after the model with it defined, reading the model's image as
/// `u_scene` and its depth as `u_sceneDepth`. The last pass keeps the node's name, so the rest of the
/// composition sees the finished image; the others are named after it (`head-background`, `head-scene`,
/// `head-scene-depth`).
public enum GLSLViewerScenePasses {
    static let scene = "u_scene"
    static let sceneDepth = "u_sceneDepth"
    /// The images the passes around the model read, which the model's own pass declares and leaves unread.
    static let passImages: Set<String> = [scene, sceneDepth]

    /// `node` with the passes its fragment file asks for; `node` alone when it is not a draw node or asks for none.
    static func nodes(for node: Node) -> [Node] {
        guard case .draw(var scene) = node.kind, let fragment = scene.fragment else { return [node] }
        let background = tests("BACKGROUND", in: fragment.source.text)
        let postProcessed = tests("POSTPROCESSING", in: fragment.source.text)
        guard background || postProcessed else { return [node] }
        var nodes: [Node] = []
        if background {
            var pass = ShaderPass(file: fragment.source.path, source: fragment.source, interface: fragment.interface, size: scene.size)
            pass.defines = ["BACKGROUND"]
            pass.drawnAroundModel = true
            pass.uniforms = uniforms(for: scene, declaredBy: fragment.interface)
            var backgroundNode = Node(name: "\(node.name)-background", kind: .shader(pass), location: node.location)
            backgroundNode.passOf = node.name
            nodes.append(backgroundNode)
            scene.backdrop = Wire(node: backgroundNode.name, location: node.location)
        }
        guard postProcessed else {
            var drawn = node
            drawn.kind = .draw(scene)
            return nodes + [drawn]
        }
        var drawn = Node(name: "\(node.name)-scene", kind: .draw(scene), location: node.location)
        drawn.passOf = node.name
        var depth = Node(name: "\(node.name)-scene-depth", kind: .depth(Wire(node: drawn.name, location: node.location)), location: node.location)
        depth.passOf = node.name
        var pass = ShaderPass(file: fragment.source.path, source: fragment.source, interface: fragment.interface, size: scene.size)
        pass.defines = ["POSTPROCESSING"]
        pass.drawnAroundModel = true
        pass.uniforms = uniforms(for: scene, declaredBy: fragment.interface)
        let samplers = Set(fragment.interface.samplers.map(\.name))
        for (sampler, source) in [(Self.scene, drawn.name), (sceneDepth, depth.name)] where samplers.contains(sampler) {
            pass.inputs[sampler] = Wire(node: source, location: node.location)
        }
        return nodes + [drawn, depth, Node(name: node.name, kind: .shader(pass), location: node.location)]
    }

    /// Whether `text` tests `define` on a line of its own, by glslViewer's rule.
    static func tests(_ define: String, in text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { line in
            let words = line.drop { $0 == " " || $0 == "\t" }
            for directive in ["#ifdef", "#ifndef"] where words.hasPrefix(directive) {
                if words.dropFirst(directive.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first == Substring(define) { return true }
            }
            guard words.hasPrefix("#if") || words.hasPrefix("#elif") else { return false }
            let spaced = words.filter { $0 != " " && $0 != "\t" }
            return spaced.contains("defined(\(define))")
        }
    }

    /// The composition's uniforms for the node, which reach every pass, and the camera's and light's values under
    /// glslViewer's names for those a pass around the model declares: those passes are drawn as images, which no
    /// camera sets.
    private static func uniforms(for scene: DrawScene, declaredBy interface: ShaderInterface) -> [String: UniformSetting] {
        let location = SourceLocation(file: scene.fragment?.source.path ?? "", line: 0, column: 0)
        let values = cameraValues(scene.camera) + [
            ("u_light", [scene.light.x, scene.light.y, scene.light.z]),
            ("u_lightColor", [scene.lightColour.x, scene.lightColour.y, scene.lightColour.z]),
        ]
        var uniforms = scene.uniforms.filter { set in interface.uniforms.contains { $0.name == set.key } }
        for (name, numbers) in values where declares(interface, name, numbers.count) {
            uniforms[name] = .literal(numbers, location: location)
        }
        return uniforms
    }

    /// The camera's values under glslViewer's names.
    static func cameraValues(_ camera: SceneCamera) -> [(name: String, numbers: [Float])] {
        [("u_camera", [camera.position.x, camera.position.y, camera.position.z]),
         ("u_cameraNearClip", [camera.near]), ("u_cameraFarClip", [camera.far]), ("u_cameraDistance", [camera.distance])]
    }

    private static func declares(_ interface: ShaderInterface, _ name: String, _ components: Int) -> Bool {
        interface.uniforms.contains { $0.name == name && $0.type.componentCount == components }
    }

    /// The camera uniforms the passes around draw node `drawNode` declare, with `camera`'s values, by pass: what
    /// follows the mesh's camera when it moves.
    public static func cameraUniforms(around drawNode: String, in composition: Composition,
                                      camera: SceneCamera) -> [(node: String, uniform: String, numbers: [Float])] {
        let model = composition.node(named: drawNode).map { $0.passOf ?? $0.name } ?? drawNode
        return composition.nodes.flatMap { node -> [(node: String, uniform: String, numbers: [Float])] in
            guard case .shader(let pass) = node.kind, pass.drawnAroundModel, node.passOf == model || node.name == model else { return [] }
            return cameraValues(camera).filter { declares(pass.interface, $0.name, $0.numbers.count) }.map { (node.name, $0.name, $0.numbers) }
        }
    }

    /// `composition` with draw node `drawNode` looking through `camera`, and the passes around it told so.
    public static func setCamera(_ camera: SceneCamera, of drawNode: String, in composition: inout Composition) {
        let told = cameraUniforms(around: drawNode, in: composition, camera: camera)
        for (index, node) in composition.nodes.enumerated() {
            switch node.kind {
            case .draw(var scene) where node.name == drawNode:
                scene.camera = camera
                composition.nodes[index].kind = .draw(scene)
            case .shader(var pass):
                for uniform in told where uniform.node == node.name {
                    pass.uniforms[uniform.uniform] = .literal(uniform.numbers, location: SourceLocation(file: pass.file, line: 0))
                }
                composition.nodes[index].kind = .shader(pass)
            default:
                break
            }
        }
    }
}

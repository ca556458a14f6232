import ShaderLanguage
import Yams

/// `kind: draw`: a mesh drawn with depth by a vertex and a fragment stage, seen through a camera, into an image of
/// its own. Its stages' files are watched; its wired images and uniforms are what it depends on.
struct DrawNode: NodeKindModel {
    var scene: DrawScene

    static let keywords = ["draw"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "mesh", "file", "vertex", "camera", "light", "inputs", "uniforms", "size",
                                                     "primitive", "cull", "depth", "blend", "background", "instances"], in: "a draw node")
        let fields = declaration.fields
        let (inputs, uniforms, keyLocations) = ShaderNode.readWiring(fields, in: loading)
        let wires = Array(inputs.values) + uniforms.values.compactMap { if case .wire(let wire) = $0 { wire } else { nil } }
        guard let meshes = readMeshes(declaration, in: loading) else {
            loading.wiresOfUnloadedNodes += wires
            return nil
        }
        var scene = DrawScene(meshes: meshes, settings: DrawSettings())
        scene.inputs = inputs
        scene.uniforms = uniforms
        scene.keyLocations = keyLocations
        var readable = true
        for (field, stage) in [("file", \DrawScene.fragment), ("vertex", \DrawScene.vertex)] where fields[field] != nil {
            guard let file = loading.existingFile(declaration, field: field), let read = readStage(file, in: loading) else {
                readable = false
                continue
            }
            scene[keyPath: stage] = read
        }
        guard readable else {
            loading.wiresOfUnloadedNodes += wires
            return nil
        }
        scene.size = fields["size"].flatMap { node in loading.attempt { () throws(Diagnostic) in try loading.reader.size(node, what: "'size'") } }
        if let cameraNode = fields["camera"] {
            guard let camera = readCamera(cameraNode, in: loading) else { return nil }
            scene.camera = camera
        }
        if let lightNode = fields["light"] {
            guard let light = readLight(lightNode, in: loading) else { return nil }
            (scene.light, scene.lightColour) = light
        }
        if let background = fields["background"], case .scalar = background {
            guard let backdrop = loading.attempt({ () throws(Diagnostic) in try loading.readWire(background) }) else { return nil }
            scene.backdrop = backdrop
        } else if !readSettings(fields, into: &scene.settings, in: loading) {
            return nil
        }
        return .draw(scene)
    }

    /// `mesh:` one mesh, or a list of them drawn in order.
    private static func readMeshes(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> [DrawScene.Mesh]? {
        guard let meshNode = declaration.fields["mesh"] else {
            loading.report("draw node '\(declaration.name)' needs a 'mesh': a model file, or \(BuiltInMesh.allCases.map(\.rawValue).joined(separator: ", "))",
                           at: declaration.key, code: .missingKey)
            return nil
        }
        guard case .sequence(let items) = meshNode else { return readMesh(meshNode, in: loading).map { [$0] } }
        guard !items.isEmpty else {
            loading.report("'mesh' is a mesh or a list of them, drawn in order; this list is empty", at: meshNode, code: .wrongValue)
            return nil
        }
        let meshes = items.map { readMesh($0, in: loading) }
        return meshes.contains { $0 == nil } ? nil : meshes.compactMap { $0 }
    }

    /// `cube` (a built-in mesh), or `FILE`, a model file read through assimp.
    private static func readMesh(_ meshNode: Yams.Node, in loading: CompositionLoading) -> DrawScene.Mesh? {
        guard let word = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(meshNode, what: "'mesh'") }) else { return nil }
        if let mesh = BuiltInMesh(rawValue: word) { return .builtIn(mesh) }
        if word.contains(".") || word.contains("/") {
            guard let file = loading.existingFile(meshNode, what: "'mesh'") else { return nil }
            // A model opened on its own is the composition's own path: its words are the workbench's, not lines of the file.
            let location = file.path == loading.source.path ? SourceLocation(file: file.path, line: 0) : file.location
            switch ModelImport.read(file.path) {
            case .success(let model):
                if model.generatedNormals {
                    loading.warnings.append(.warning("\(file.path) has no normals; smooth ones were made for it", at: location, code: .drawMesh))
                }
                return .file(path: file.path, model: model)
            case .failure(let failure):
                loading.diagnostics.append(.error("\(file.path): \(failure.reason)", at: location, code: failure.isPending ? .modelReading : .drawMesh))
                return nil
            }
        }
        let names = BuiltInMesh.allCases.map(\.rawValue)
        let hint = Spelling.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
        loading.report("there is no built-in mesh '\(word)'; the meshes are \(names.joined(separator: ", ")), or a model file by its name\(hint)",
                       at: meshNode, code: .drawMesh)
        return nil
    }

    private static func readStage(_ file: (path: String, location: SourceLocation), in loading: CompositionLoading) -> DrawScene.Stage? {
        do throws(Diagnostic) {
            let source = try ShaderIncludes.expand(loading.files.readText(path: file.path, reference: file.location), folders: loading.includes,
                                                   files: loading.files)
            return DrawScene.Stage(source: source, interface: try ShaderInterface.read(source, files: loading.files), location: file.location)
        } catch {
            loading.diagnostics.append(error)
            return nil
        }
    }

    /// `camera: { position: [x, y, z], target: [x, y, z], up: [x, y, z], fov: DEGREES, near: N, far: N }`, each
    /// optional.
    private static func readCamera(_ node: Yams.Node, in loading: CompositionLoading) -> SceneCamera? {
        guard let fields = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(node, what: "'camera'") }) else { return nil }
        var problems: [Diagnostic] = []
        loading.reader.checkKeys(fields, allowed: ["position", "target", "up", "fov", "near", "far"], in: "a camera", into: &problems)
        loading.diagnostics += problems
        var camera = SceneCamera()
        for (key, point) in [("position", \SceneCamera.position), ("target", \SceneCamera.target), ("up", \SceneCamera.up)] {
            guard let value = fields[key] else { continue }
            guard let read = loading.attempt({ () throws(Diagnostic) in try point3(value, what: "the camera's '\(key)'", in: loading) }) else { return nil }
            camera[keyPath: point] = read
        }
        for (key, number) in [("fov", \SceneCamera.fieldOfView), ("near", \SceneCamera.near), ("far", \SceneCamera.far)] {
            guard let value = fields[key] else { continue }
            guard let read = loading.attempt({ () throws(Diagnostic) in try loading.literalNumber(value) }) else { return nil }
            camera[keyPath: number] = read
        }
        guard problems.isEmpty else { return nil }
        if let problem = camera.problem {
            loading.report(problem, at: node, code: .drawCamera)
            return nil
        }
        return camera
    }

    /// `light: [x, y, z]`, or `light: { position: [x, y, z], color: [r, g, b] }`.
    private static func readLight(_ node: Yams.Node, in loading: CompositionLoading) -> (SIMD3<Float>, SIMD3<Float>)? {
        if case .sequence = node {
            return loading.attempt { () throws(Diagnostic) in (try point3(node, what: "'light'", in: loading), SIMD3<Float>(1, 1, 1)) }
        }
        guard let fields = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(node, what: "'light'") }) else { return nil }
        var problems: [Diagnostic] = []
        loading.reader.checkKeys(fields, allowed: ["position", "color"], in: "a light", into: &problems)
        loading.diagnostics += problems
        guard problems.isEmpty else { return nil }
        var light = (SIMD3<Float>(2, 4, 3), SIMD3<Float>(1, 1, 1))
        if let position = fields["position"] {
            guard let read = loading.attempt({ () throws(Diagnostic) in try point3(position, what: "the light's 'position'", in: loading) }) else { return nil }
            light.0 = read
        }
        if let colour = fields["color"] {
            guard let read = loading.attempt({ () throws(Diagnostic) in try point3(colour, what: "the light's 'color'", in: loading) }) else { return nil }
            light.1 = read
        }
        return light
    }

    private static func point3(_ node: Yams.Node, what: String, in loading: CompositionLoading) throws(Diagnostic) -> SIMD3<Float> {
        guard case .sequence(let items) = node, items.count == 3 else {
            throw loading.reader.error("\(what) is [x, y, z], found \(loading.reader.describe(node))", at: node, code: .wrongValue)
        }
        return SIMD3(try loading.literalNumber(items[0]), try loading.literalNumber(items[1]), try loading.literalNumber(items[2]))
    }

    /// `primitive:`, `cull:`, `blend:`, `depth:`, `background:` and `instances:`.
    private static func readSettings(_ fields: Yams.Node.Mapping, into settings: inout DrawSettings, in loading: CompositionLoading) -> Bool {
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) -> T?? where T.RawValue == String {
            guard let node = fields[key] else { return .some(nil) }
            guard let word = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(node, what: "'\(key)'") }) else { return nil }
            guard let value = T(rawValue: word) else {
                loading.report("'\(key)' is one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), found '\(word)'", at: node, code: .wrongValue)
                return nil
            }
            return .some(value)
        }
        guard let primitive = choice("primitive", DrawSettings.Primitive.self), let culling = choice("cull", DrawSettings.Culling.self),
              let blend = choice("blend", DrawSettings.Blend.self) else { return false }
        if let primitive { settings.primitive = primitive }
        if let culling { settings.culling = culling }
        if let blend { settings.blend = blend }
        if let depth = fields["depth"] {
            guard let test = loading.attempt({ () throws(Diagnostic) in try loading.reader.flag(depth, what: "'depth'") }) else { return false }
            settings.depthTest = test
        }
        if let background = fields["background"] {
            guard case .sequence(let items) = background, [3, 4].contains(items.count),
                  let colour = loading.attempt({ () throws(Diagnostic) in try items.map { item throws(Diagnostic) in try loading.literalNumber(item) } }) else {
                loading.report("'background' is [r, g, b] or [r, g, b, a], each 0 to 1, or the name of an image node drawn under the mesh", at: background, code: .wrongValue)
                return false
            }
            settings.background = colour.count == 3 ? colour + [1] : colour
        }
        if let instances = fields["instances"] {
            guard let count = loading.attempt({ () throws(Diagnostic) in try loading.reader.integer(instances, what: "'instances'", in: 1...DrawSettings.instanceLimit) })
            else { return false }
            settings.instances = count
        }
        return true
    }

    var output: NodeOutput { .image }

    /// Its image inputs, then its wired uniforms, each by name.
    func inputs(of node: String) -> [NodeInput] {
        NodeInput.images(scene.inputs) { _ in false } + NodeInput.values(scene.uniforms)
            + (scene.backdrop.map { [NodeInput(name: "background", wire: $0, carries: .image)] } ?? [])
    }

    var files: [String] { scene.files }

    func check(_ node: Node, in check: inout CompositionCheck) {
        check.checkDraw(node, scene)
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .draw(DrawPlan(scene, index: planning.index, precision: planning.precision))
    }
}

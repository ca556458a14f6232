import ShaderLanguage

/// A draw node as the frame runs it: the mesh's vertices, the stages' texts, the images its fragment stage
/// samples on which unit, and each uniform of the user's with the value it gets.
public struct DrawPlan: Sendable {
    public struct Input: Sendable, Equatable {
        public var sampler: String
        public var unit: Int
        public var source: Int
    }

    public var scene: DrawScene
    /// Each mesh's vertices and how they are joined, in drawing order.
    public var meshes: [(data: MeshData, primitive: DrawSettings.Primitive)]
    public var inputs: [Input]
    /// The step whose image is laid under the mesh, in place of clearing to the background colour.
    public var backdrop: Int?
    public var uniforms: [(name: String, value: PlannedValue)]
    /// What both stages compute at.
    public var precision: ShaderPrecision

    init(_ scene: DrawScene, index: [String: Int], precision: ShaderPrecision) {
        self.scene = scene
        meshes = scene.meshes.map { (data: $0.data, primitive: scene.settings.primitive ?? $0.primitive) }
        inputs = scene.inputs.sorted { $0.key < $1.key }.enumerated().compactMap { unit, entry in
            index[entry.value.node].map { Input(sampler: entry.key, unit: unit, source: $0) }
        }
        backdrop = scene.backdrop.flatMap { index[$0.node] }
        var uniforms: [(name: String, value: PlannedValue)] = []
        for (name, setting) in scene.uniforms.sorted(by: { $0.key < $1.key }) {
            switch setting {
            case .literal(let numbers, _): uniforms.append((name, .literal(numbers)))
            case .wire(let wire): if let source = index[wire.node] { uniforms.append((name, .step(source, components: wire.components))) }
            }
        }
        // A uniform the composition leaves alone starts at the default its shader declares.
        for declaration in scene.declaredUniforms where scene.uniforms[declaration.name] == nil {
            if let defaults = declaration.annotation?.defaultValue { uniforms.append((declaration.name, .literal(defaults))) }
        }
        self.uniforms = uniforms
        self.precision = precision
    }

    /// The attributes every mesh has, by their names in the stages: one program draws them all.
    public var attributes: Set<String> {
        var names: Set<String> = ["a_position"]
        if meshes.allSatisfy({ !$0.data.normals.isEmpty }) { names.insert("a_normal") }
        if meshes.allSatisfy({ !$0.data.texcoords.isEmpty }) { names.insert("a_texcoord") }
        if meshes.allSatisfy({ !$0.data.colours.isEmpty }) { names.insert("a_color") }
        return names
    }

    /// What the meshes have and how the first is drawn, defined in both stages.
    public var defines: [String] {
        let has = attributes
        return ModelStage.defines(normals: has.contains("a_normal"), texcoords: has.contains("a_texcoord"), colours: has.contains("a_color"),
                                  primitive: meshes[0].primitive.rawValue)
    }
}

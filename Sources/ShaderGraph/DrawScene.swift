import ShaderLanguage

/// What a `draw` node says: a mesh drawn by a vertex and a fragment stage, with depth, seen through a camera,
/// into an image of its own. Either stage may be the workbench's (`ModelStage`): the vertex stage that places
/// the mesh with the camera's matrices, the fragment stage that lights it.
public struct DrawScene: Sendable {
    /// A stage the user wrote: its file and text, and what it declares.
    public struct Stage: Sendable {
        public var source: SourceText
        public var interface: ShaderInterface
        /// Where the node names it, for problems found when it is built.
        public var location: SourceLocation

        public init(source: SourceText, interface: ShaderInterface, location: SourceLocation) {
            self.source = source
            self.interface = interface
            self.location = location
        }
    }

    /// What is drawn: a built-in mesh, or a model file's meshes as one.
    public enum Mesh: Sendable, Equatable {
        case builtIn(BuiltInMesh)
        case file(path: String, model: ModelImport.Model)

        public var data: MeshData {
            switch self {
            case .builtIn(let mesh): mesh.data
            case .file(_, let model): model.mesh
            }
        }

        public var primitive: DrawSettings.Primitive {
            switch self {
            case .builtIn(let mesh): mesh.primitive
            case .file(_, let model): model.primitive
            }
        }
    }

    /// What is drawn, in order, by the same stages into the same image: one mesh or several.
    public var meshes: [Mesh]
    public var vertex: Stage?
    public var fragment: Stage?
    public var camera = SceneCamera()
    /// Where the light is, in world space (`u_light`), and its colour (`u_lightColor`).
    public var light: SIMD3<Float> = [2, 4, 3]
    public var lightColour: SIMD3<Float> = [1, 1, 1]
    /// The images its fragment stage samples, by sampler.
    public var inputs: [String: Wire] = [:]
    public var uniforms: [String: UniformSetting] = [:]
    /// An image drawn under the mesh each frame in place of the background colour: `background: sky`, or the
    /// pass glslViewer draws with `BACKGROUND` defined (`GLSLViewerScenePasses`).
    public var backdrop: Wire?
    /// Nil draws at the render size.
    public var size: PixelSize?
    public var settings: DrawSettings
    /// Where each input and uniform is written, for problems with them.
    public var keyLocations: [String: SourceLocation] = [:]

    public init(meshes: [Mesh], settings: DrawSettings) {
        self.meshes = meshes
        self.settings = settings
    }

    /// Its model file, its stages' files and what they include.
    public var files: [String] {
        let models = meshes.compactMap { if case .file(let path, _) = $0 { path } else { nil } }
        return models + [fragment, vertex].compactMap { $0 }.flatMap { [$0.source.path] + $0.source.includedFiles }
    }

    /// The uniforms either stage declares, the fragment's first where both do.
    public var declaredUniforms: [ShaderInterface.Declaration] {
        var declared = fragment?.interface.uniforms ?? []
        for var uniform in vertex?.interface.uniforms ?? [] where !declared.contains(where: { $0.name == uniform.name }) {
            uniform.file = vertex?.source.path
            declared.append(uniform)
        }
        return declared
    }
}

/// How a draw node's primitives are drawn.
public struct DrawSettings: Sendable, Equatable {
    public enum Primitive: String, Sendable, CaseIterable {
        case triangles, lines, points
    }

    /// How a fragment combines with what the image holds: replacing it, over it by its alpha, or added to it.
    public enum Blend: String, Sendable, CaseIterable {
        case none, alpha, add
    }

    /// Which faces are not drawn: those facing away from the camera, those facing it, or none.
    public enum Culling: String, Sendable, CaseIterable {
        case back, front, none
    }

    /// How every mesh is drawn; nil draws each as its own primitives are (a point cloud as points).
    public var primitive: Primitive?
    public var culling: Culling = .back
    public var blend: Blend = .none
    /// Whether nearer fragments hide farther ones; the depth image is cleared to the far plane each frame.
    public var depthTest = true
    /// What the image is cleared to before the mesh is drawn.
    public var background: [Float] = [0, 0, 0, 1]
    /// How many times the mesh is drawn, each with its own `gl_InstanceID` (GLSL ES 3.00).
    public var instances = 1

    /// The most instances a draw node takes: a million copies of even the plane are four million vertices a frame.
    public static let instanceLimit = 1_000_000

    public init() {}
}

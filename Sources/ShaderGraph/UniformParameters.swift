import ShaderLanguage

/// The uniforms of a node whose uniforms are parameters, a shader node's or a compute node's, as publishing,
/// `--set`, keys, the panel and the value wires read them: what each is declared as and what the composition
/// sets it to. Both kinds are published, tuned and written back alike.
public struct UniformParameters: Sendable {
    /// Every uniform declared, image inputs included.
    public var declarations: [ShaderInterface.Declaration]
    /// What the composition sets, by uniform name.
    public var settings: [String: UniformSetting]
    /// The file messages about its parameters name.
    public var file: String
    /// An ISF shader's header, whose inputs choose their controls.
    public var isf: ISFHeader?
    public var dialect: ShaderDialect

    public func declaration(named name: String) -> ShaderInterface.Declaration? {
        declarations.first { $0.name == name }
    }

    /// A uniform numbers can set: declared, and not an image input.
    public func settable(named name: String) -> ShaderInterface.Declaration? {
        declaration(named: name).flatMap { $0.type == .sampler2D ? nil : $0 }
    }

    /// The file that declares `declaration`.
    public func file(declaring declaration: ShaderInterface.Declaration) -> String {
        declaration.file ?? file
    }

    public var settableNames: [String] {
        declarations.filter { $0.type != .sampler2D }.map(\.name)
    }

    /// What `declaration` starts as (`PlannedParameter.startingValue`): the composition's literal, else the
    /// declared default where it has the uniform's count of numbers, else zeros. Nil when a wire sets it.
    func startingValue(of declaration: ShaderInterface.Declaration) -> [Float]? {
        let count = (declaration.type.componentCount ?? 1) * (declaration.arrayLength ?? 1)
        switch settings[declaration.name] {
        case .literal(let numbers, _)? where numbers.count == count:
            return numbers
        case .wire?:
            return nil
        default:
            return declaration.annotation?.defaultValue.flatMap { $0.count == count ? $0 : nil } ?? [Float](repeating: 0, count: count)
        }
    }
}

extension NodeKind {
    /// Its uniforms as parameters; nil for a kind that has none to publish.
    public var uniformParameters: UniformParameters? {
        switch self {
        case .shader(let pass):
            UniformParameters(declarations: pass.interface.uniforms, settings: pass.uniforms, file: pass.file, isf: pass.interface.isf,
                              dialect: pass.interface.dialect)
        case .compute(let kernel):
            // Row 0 is the top, as texture coordinate t = 0 is for this workbench's own GLSL.
            UniformParameters(declarations: kernel.parameterDeclarations, settings: kernel.uniforms, file: kernel.passes[0].file,
                              isf: kernel.passes[0].format?.controls, dialect: .glsl)
        case .draw(let scene):
            // glslViewer's names are set by the workbench from the mesh, camera, light and clock.
            UniformParameters(declarations: scene.declaredUniforms.filter { !ModelStage.hostUniforms.contains($0.name) }, settings: scene.uniforms,
                              file: (scene.fragment ?? scene.vertex)?.source.path ?? "", isf: nil, dialect: .glsl)
        default:
            nil
        }
    }

    /// Sets uniform `name` of a kind that has parameters; other kinds are left as they are.
    public mutating func setUniform(_ name: String, to setting: UniformSetting) {
        switch self {
        case .shader(var pass):
            pass.uniforms[name] = setting
            self = .shader(pass)
        case .compute(var kernel):
            kernel.uniforms[name] = setting
            self = .compute(kernel)
        case .draw(var scene):
            scene.uniforms[name] = setting
            self = .draw(scene)
        default:
            break
        }
    }
}

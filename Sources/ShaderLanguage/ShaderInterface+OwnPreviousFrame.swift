extension ShaderInterface {
    /// The image input its host feeds with the pass's own last frame (GLSL Sandbox's `backbuffer`,
    /// Bonzomatic's `texPreviousFrame`), which the workbench wires so unless a composition wires it elsewhere.
    public var ownPreviousFrameInput: Declaration? {
        let name = switch dialect {
        case .glslSandbox: GLSLSandboxDialect.backbuffer
        case .bonzomatic: BonzomaticDialect.previousFrame
        case .glsl, .shaderToy, .isf, .glslViewer, .vsCodeShaderToy: ""
        }
        return samplers.first { $0.name == name }
    }
}

/// A shader's vertex stage: its own, or what it needs from the workbench's, read off the varyings it declares.
extension ShaderInterface {
    /// Where a shader's own vertex stage is kept by convention: beside it, with the same name ending in `.vs`
    /// for ISF, as ISF's own hosts look for it, and `.vsh` for GLSL, as GPUImage names its vertex shaders.
    /// Other dialects' shaders have none: the workbench's gives them their coordinates.
    public static func conventionalVertexShaderPath(of path: String, dialect: ShaderDialect) -> String? {
        let ending: String
        switch dialect {
        case .isf: ending = ".vs"
        case .glsl: ending = ".vsh"
        case .shaderToy, .glslViewer, .glslSandbox, .bonzomatic, .vsCodeShaderToy: return nil
        }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return String(path[..<dot]) + ending
    }

    /// Whether the workbench's vertex stage feeds this shader: it has no vertex shader of its own.
    package var usesWorkbenchVertexStage: Bool { vertexShader == nil }

    /// GPUImage's blur family: the length of the `blurCoordinates` array the shader reads.
    public var blurCoordinateCount: Int? {
        guard usesWorkbenchVertexStage else { return nil }
        let blur = varyings.first { $0.name == VertexStage.blurVarying && $0.type == .vec2 }
        return blur?.arrayLength.flatMap { $0 >= 1 ? $0 : nil }
    }

    /// The varyings the workbench's vertex stage moves by the texel step.
    package var steppedVaryings: [Declaration] {
        guard usesWorkbenchVertexStage else { return [] }
        return varyings.filter { VertexStage.steppedVaryings.contains($0.name) || $0.name == VertexStage.blurVarying }
    }

    /// The names the texel step goes by for this shader: the pair it declares; a blur that declares neither
    /// takes GPUImage 1's, everything else `texelWidth` and `texelHeight`.
    public var texelStepUniforms: TexelStepUniforms {
        for candidate in [TexelStepUniforms.blur, .neighbourhood] where candidate.names.contains(where: { uniform(named: $0) != nil }) {
            return candidate
        }
        return blurCoordinateCount != nil ? .blur : .neighbourhood
    }

    /// The texel step's uniforms a composition may set although the shader does not declare them: they are
    /// the vertex stage's, as they are uniforms of GPUImage's own vertex shaders. Located at the first
    /// varying that steps, which is what brings them.
    public var vertexStageUniforms: [Declaration] {
        guard let varying = steppedVaryings.first else { return [] }
        return texelStepUniforms.names.filter { uniform(named: $0) == nil }.map { name in
            Declaration(name: name, type: .float, arrayLength: nil, line: varying.line, column: varying.column)
        }
    }

    /// The uniforms a composition sets as parameters: all but the image inputs, the texel step and what the
    /// dialect's host sets (glslViewer's `u_time`, …), which the workbench fills in.
    public var parameters: [Declaration] {
        let provided = Set(texelStepUniforms.names).union(hostUniforms)
        return uniforms.filter { $0.type != .sampler2D && !provided.contains($0.name) }
    }

    /// The uniforms the shader declares for its dialect's host to set, which the workbench sets as that host does.
    public var hostUniforms: Set<String> {
        switch dialect {
        case .glslViewer: GLSLViewerDialect.provided(by: self)
        case .glslSandbox: Set(GLSLSandboxDialect.frameUniforms)
        case .bonzomatic: Set(BonzomaticDialect.frameUniforms)
        case .glsl, .shaderToy, .isf, .vsCodeShaderToy: []
        }
    }
}

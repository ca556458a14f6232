/// The vertex shader the workbench pairs with a fragment shader that has none of its own
/// (`vertex-stage.vert.glsl`), what it provides to it, and what a vertex shader of the user's is given.
///
/// Texture coordinates run from (0, 0) at the first row of an image's data (its top) to (1, 1); the quad's
/// clip-space y of -1 lands on render-target row 0, so rows stay in image order end to end.
public enum VertexStage {
    /// The attribute the vertex stage reads, as every built-in GLSL file spells it: a full-target quad in
    /// clip space.
    public static let positionAttribute = "position"

    /// The texture coordinate attributes GPUImage's vertex shaders read, one per image input; a vertex
    /// shader of the user's finds each corner's coordinate in them.
    public static let textureCoordinateAttributes = ["inputTextureCoordinate", "inputTextureCoordinate2", "inputTextureCoordinate3",
                                                     "inputTextureCoordinate4", "inputTextureCoordinate5"]

    /// The texture coordinate, once per image input in GPUImage's multi-input convention, and as its
    /// reductions name it.
    package static let coordinateVaryings = ["textureCoordinate", "textureCoordinate2", "textureCoordinate3", "textureCoordinate4",
                                     "textureCoordinate5", "outputTextureCoordinate"]

    /// Coordinates a texel step or more away, each family as GPUImage's vertex shaders name them: the 3×3
    /// neighbourhood, the second input's neighbours (its cross texture sampling filters) and the diagonal
    /// corners its reductions average.
    static let steppedVaryings = [
        "leftTextureCoordinate", "rightTextureCoordinate", "topTextureCoordinate", "bottomTextureCoordinate",
        "topLeftTextureCoordinate", "topRightTextureCoordinate", "bottomLeftTextureCoordinate", "bottomRightTextureCoordinate",
        "leftTextureCoordinate2", "rightTextureCoordinate2", "topTextureCoordinate2", "bottomTextureCoordinate2",
        "upperLeftInputTextureCoordinate", "upperRightInputTextureCoordinate", "lowerLeftInputTextureCoordinate",
        "lowerRightInputTextureCoordinate",
    ]

    /// glslViewer's and Bonzomatic's coordinates, with y up (`GLSLViewerDialect`, `BonzomaticDialect`), GLSL
    /// Sandbox's surface position (`GLSLSandboxDialect`), and ISF's coordinate for an ISF shader that declares
    /// it itself.
    package static let hostVaryings = [GLSLViewerDialect.textureCoordinate, BonzomaticDialect.textureCoordinate, GLSLSandboxDialect.surfacePosition,
                                       ISFDialect.fragNormCoord]

    /// The varyings a shader of `dialect` is given by its own host, which a misspelt one is compared with
    /// first; nil for the dialects whose varyings are GPUImage's.
    package static func ownVaryings(of dialect: ShaderDialect) -> [String]? {
        switch dialect {
        case .glslViewer: [GLSLViewerDialect.textureCoordinate]
        case .bonzomatic: [BonzomaticDialect.textureCoordinate]
        case .glslSandbox: [GLSLSandboxDialect.surfacePosition]
        case .isf: [ISFDialect.fragNormCoord]
        case .glsl, .shaderToy, .vsCodeShaderToy: nil
        }
    }

    /// The size of GLSL Sandbox's surface, set by the workbench; spelt the same in the GLSL.
    public static let surfaceSizeUniform = "shaderbenchSurfaceSize"

    package static let providedVaryings = Set(coordinateVaryings + steppedVaryings + hostVaryings)

    /// GPUImage's blur family: `blurCoordinates[N]`, placed by its vertex shaders at offsets from the
    /// pass's coordinate, in texel steps (see `BlurLayout`).
    public static let blurVarying = "blurCoordinates"

    /// The vertex stage's own texel step, named apart from the shader's `texelWidth`/`texelHeight` (or
    /// `texelWidthOffset`/`texelHeightOffset`) so a precision the user chose for those can never clash with
    /// it at link time; spelt the same in the GLSL.
    public static let texelStepUniform = "shaderbenchTexelStep"

    /// The offset of each of `blurCoordinates`, in texel steps; spelt the same in the GLSL.
    public static let blurOffsetsUniform = "shaderbenchBlurOffsets"

    /// The vertex stage for a fragment shader: its `#version` first, as the stages must match, then a
    /// `USES_` define for each coordinate it reads, so only those are passed on.
    package static func source(for interface: ShaderInterface) -> String {
        let used = Set(interface.varyings.map(\.name))
        var defines = (coordinateVaryings + steppedVaryings + hostVaryings).filter(used.contains).map { "USES_\($0)" }
        if !interface.steppedVaryings.isEmpty { defines.append("USES_TEXEL_STEP") }
        if let count = interface.blurCoordinateCount { defines.append("BLUR_COORDINATES \(count)") }
        let text = DialectShaderFile.vertexStage.text(defining: defines)
        return interface.version == .es100 ? text : interface.version.directive + "\n" + text
    }
}

/// The vertex shader the workbench pairs with every fragment shader (`vertex-stage.vert.glsl`), and what it
/// provides to it.
///
/// Texture coordinates run from (0, 0) at the first row of an image's data (its top) to (1, 1); the quad's
/// clip-space y of -1 lands on render-target row 0, so rows stay in image order end to end.
public enum VertexStage {
    /// The attribute the vertex stage reads, as every built-in GLSL file spells it: a full-target quad in
    /// clip space.
    public static let positionAttribute = "position"

    /// The texture coordinate, once per image input in GPUImage's multi-input convention.
    static let coordinateVaryings = ["textureCoordinate", "textureCoordinate2", "textureCoordinate3", "textureCoordinate4"]

    /// GPUImage's 3×3 neighbourhood convention: the coordinates one texel away, by direction.
    static let neighbourVaryings = [
        "leftTextureCoordinate", "rightTextureCoordinate", "topTextureCoordinate", "bottomTextureCoordinate",
        "topLeftTextureCoordinate", "topRightTextureCoordinate", "bottomLeftTextureCoordinate", "bottomRightTextureCoordinate",
    ]

    static let providedVaryings = Set(coordinateVaryings + neighbourVaryings)

    /// The fragment uniforms the workbench sets to one texel of the pass's first input, unless the
    /// composition sets them.
    public static let texelWidthUniform = "texelWidth"
    public static let texelHeightUniform = "texelHeight"

    /// The vertex stage's own texel step, named apart from the fragment's `texelWidth`/`texelHeight` so a
    /// precision the user chose for those can never clash with it at link time; spelt the same in the GLSL.
    public static let texelStepUniform = "shaderbenchTexelStep"

    /// The vertex stage for a fragment shader: its `#version` first, as the stages must match, then a
    /// `USES_` define for each coordinate it reads, so only those are passed on.
    static func source(for interface: ShaderInterface) -> String {
        let used = Set(interface.varyings.map(\.name))
        let uses = (coordinateVaryings + neighbourVaryings).filter(used.contains).map { "USES_\($0)" }
        let text = DialectShaderFile.vertexStage.text(defining: uses)
        return interface.version == .es100 ? text : interface.version.directive + "\n" + text
    }
}

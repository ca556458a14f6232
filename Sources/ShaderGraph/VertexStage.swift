/// The vertex shader the workbench pairs with every fragment shader, and what it provides to it.
///
/// Texture coordinates run from (0, 0) at the first row of an image's data (its top) to (1, 1); the quad's
/// clip-space y of -1 lands on render-target row 0, so rows stay in image order end to end.
public enum VertexStage {
    /// The attribute the vertex stage reads: a full-target quad in clip space.
    public static let positionAttribute = "position"

    /// The texture coordinate, once per image input in GPUImage's multi-input convention.
    static let coordinateVaryings = ["textureCoordinate", "textureCoordinate2", "textureCoordinate3", "textureCoordinate4"]

    /// GPUImage's 3×3 neighbourhood convention: the coordinates one texel away, by direction.
    static let neighbourOffsets: [(name: String, x: Int, y: Int)] = [
        ("leftTextureCoordinate", -1, 0), ("rightTextureCoordinate", 1, 0),
        ("topTextureCoordinate", 0, -1), ("bottomTextureCoordinate", 0, 1),
        ("topLeftTextureCoordinate", -1, -1), ("topRightTextureCoordinate", 1, -1),
        ("bottomLeftTextureCoordinate", -1, 1), ("bottomRightTextureCoordinate", 1, 1),
    ]

    static let providedVaryings = Set(coordinateVaryings + neighbourOffsets.map(\.name))

    /// The fragment uniforms the workbench sets to one texel of the pass's first input, unless the
    /// composition sets them.
    public static let texelWidthUniform = "texelWidth"
    public static let texelHeightUniform = "texelHeight"

    /// The vertex stage's own texel step, named apart from the fragment's `texelWidth`/`texelHeight` so a
    /// precision the user chose for those can never clash with it at link time.
    public static let texelStepUniform = "shaderbenchTexelStep"

    static func source(for interface: ShaderInterface) -> String {
        let used = Set(interface.varyings.map(\.name))
        let coordinates = coordinateVaryings.filter(used.contains)
        let neighbours = neighbourOffsets.filter { used.contains($0.name) }
        let modern = interface.version != .es100
        var lines = modern ? [interface.version.directive] : []
        lines.append("\(modern ? "in" : "attribute") vec2 \(positionAttribute);")
        if !neighbours.isEmpty { lines.append("uniform highp vec2 \(texelStepUniform);") }
        for name in coordinates + neighbours.map(\.name) {
            lines.append("\(modern ? "out" : "varying") highp vec2 \(name);")
        }
        lines.append("void main() {")
        lines.append("    highp vec2 coordinate = \(positionAttribute) * 0.5 + 0.5;")
        for name in coordinates {
            lines.append("    \(name) = coordinate;")
        }
        for neighbour in neighbours {
            lines.append("    \(neighbour.name) = coordinate + vec2(\(neighbour.x).0, \(neighbour.y).0) * \(texelStepUniform);")
        }
        lines.append("    gl_Position = vec4(\(positionAttribute), 0.0, 1.0);")
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

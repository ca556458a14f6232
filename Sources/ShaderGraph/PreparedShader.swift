/// A user's fragment shader made ready for the driver: a precision prelude inserted after its header, with
/// `#line` directives so the driver reports the user's own lines, and the vertex stage that feeds it.
public struct PreparedShader: Sendable {
    public var source: SourceText
    public var interface: ShaderInterface
    public var fragmentSource: String
    public var vertexSource: String

    /// The attribute the vertex stage reads: a full-target quad in clip space.
    public static let positionAttribute = "position"

    /// Driver source-string number of the workbench's prelude; the user's text is string 0.
    static let preludeSourceString = 1

    public init(source: SourceText, interface: ShaderInterface) {
        self.source = source
        self.interface = interface
        let header = source.lines.prefix(interface.bodyStartLine - 1)
        let body = source.lines.dropFirst(interface.bodyStartLine - 1)
        // GLSL ES fragment shaders have no default float precision; GPUImage-style shaders rely on one.
        // The user's own precision statement, later in the file, still wins.
        let prelude = [
            "#line 1 \(Self.preludeSourceString)",
            "#ifdef GL_FRAGMENT_PRECISION_HIGH",
            "precision highp float;",
            "#else",
            "precision mediump float;",
            "#endif",
            "#line \(interface.bodyStartLine) 0",
        ]
        fragmentSource = (header.map(String.init) + prelude + body.map(String.init)).joined(separator: "\n")
        vertexSource = Self.vertexStage(for: interface)
    }

    /// Texture coordinates run from (0, 0) at the first row of an image's data (its top) to (1, 1); the
    /// quad's clip-space y of -1 lands on render-target row 0, so rows stay in image order end to end.
    static func vertexStage(for interface: ShaderInterface) -> String {
        let coordinates = interface.varyings.map(\.name).filter(CompositionValidator.providedVaryings.contains)
        let modern = interface.version != .es100
        var lines = modern ? [interface.version.directive] : []
        lines.append("\(modern ? "in" : "attribute") vec2 \(positionAttribute);")
        for name in coordinates {
            lines.append("\(modern ? "out" : "varying") highp vec2 \(name);")
        }
        lines.append("void main() {")
        for name in coordinates {
            lines.append("    \(name) = \(positionAttribute) * 0.5 + 0.5;")
        }
        lines.append("    gl_Position = vec4(\(positionAttribute), 0.0, 1.0);")
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

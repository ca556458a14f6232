/// A user's fragment shader made ready for the driver: its dialect's prelude (from `Shaders/`) inserted after
/// its header, with `#line` directives so the driver reports the user's own lines, and the vertex stage that
/// feeds it: its own (a GLSL shader's as written, an ISF shader's after ISF's prelude), else the workbench's.
public struct PreparedShader: Sendable {
    public var source: SourceText
    public var interface: ShaderInterface
    public var fragmentSource: String
    public var vertexSource: String

    /// Driver source-string number of the workbench's prelude; the user's text is string 0.
    static let preludeSourceString = 1

    public init(source: SourceText, interface: ShaderInterface) {
        self.source = source
        self.interface = interface
        vertexSource = VertexStage.source(for: interface)
        if interface.dialect == .shaderToy {
            let channels = interface.samplers.map(\.name)
            let prelude = ["#version 300 es", "#line 1 \(Self.preludeSourceString)"] + ShaderToyDialect.prelude(channels: channels)
            let epilogue = ["#line \(prelude.count - 1) \(Self.preludeSourceString)"] + ShaderToyDialect.epilogue
            fragmentSource = (prelude + ["#line 1 0"] + source.lines.map(String.init) + epilogue).joined(separator: "\n")
            return
        }
        if interface.dialect == .isf, let isf = interface.isf {
            let writesFragColor = GLSLTokenizer.tokens(of: source).contains { $0.text == "gl_FragColor" }
            let prelude = ["#version 300 es", "#line 1 \(Self.preludeSourceString)"] + ISFDialect.prelude(for: isf, writesFragColor: writesFragColor)
            fragmentSource = (prelude + ["#line 1 0"] + source.lines.map(String.init)).joined(separator: "\n")
            if let vertex = interface.vertexShader {
                let vertexPrelude = ["#version 300 es", "#line 1 \(Self.preludeSourceString)"] + ISFDialect.vertexPrelude(for: isf)
                vertexSource = (vertexPrelude + ["#line 1 0"] + vertex.lines.map(String.init)).joined(separator: "\n")
            }
            return
        }
        if let vertex = interface.vertexShader {
            vertexSource = vertex.text
        }
        let header = source.lines.prefix(interface.bodyStartLine - 1)
        let body = source.lines.dropFirst(interface.bodyStartLine - 1)
        let prelude = ["#line 1 \(Self.preludeSourceString)"] + DialectShaderFile.defaultPrecision.lines
            + ["#line \(interface.bodyStartLine) 0"]
        fragmentSource = (header.map(String.init) + prelude + body.map(String.init)).joined(separator: "\n")
    }
}

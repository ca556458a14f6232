/// A user's fragment shader made ready for the driver: its dialect's prelude (from `Shaders/`) inserted after
/// its header, with `#line` directives so the driver reports the user's own lines, and the vertex stage that
/// feeds it: its own (a GLSL shader's as written, an ISF shader's after ISF's prelude), else the workbench's.
public struct PreparedShader: Sendable {
    public var source: SourceText
    public var interface: ShaderInterface
    /// What every GPU runs. A shader that reads `gl_LastFragData` reads its target's previous contents from
    /// a texture here (`FramebufferFetch`).
    public var fragmentSource: String
    /// For a shader that reads `gl_LastFragData`, as written with EXT_shader_framebuffer_fetch enabled: what
    /// a GPU that lists the extension runs instead. Nil where the shader cannot use it (GLSL ES 3.00 has no
    /// `gl_LastFragData`) or its pass must not (`PassPlan`).
    public var framebufferFetchSource: String?
    public var vertexSource: String
    /// A ShaderToy shader's Common code, compiled between the prelude and its own text.
    public var common: SourceText?
    /// Set for a pass that draws a chain of nodes as one program (`ShaderFusion`): each node in drawing order,
    /// whose text is source string `ShaderFusion.firstMemberSourceString` plus its place.
    public var fusedMembers: [FusedMember] = []
    /// The precision the program computes at, in both stages.
    public var precision: ShaderPrecision

    /// One node of a fused pass: its text as the user wrote it, and what the names it declares became.
    public struct FusedMember: Sendable {
        public var node: String
        public var source: SourceText
        public var renamed: [String: String]

        package init(node: String, source: SourceText, renamed: [String: String]) {
            self.node = node
            self.source = source
            self.renamed = renamed
        }
    }

    /// Driver source-string number of the workbench's prelude; the user's text is string 0.
    static let preludeSourceString = 1
    /// Driver source-string number of a ShaderToy shader's Common code.
    static let commonSourceString = 2

    /// `common` is a ShaderToy shader's Common code; `opaque` makes a ShaderToy shader's alpha 1, as the
    /// site shows its Image pass (its buffers keep what they write).
    /// `defines` are macros defined ahead of a GLSL-family shader's text (glslViewer's `BUFFER_0`, …).
    /// `precision` is what the program computes at (`ShaderPrecision`).
    public init(source: SourceText, interface: ShaderInterface, common: SourceText? = nil, opaque: Bool = true, defines: [String] = [],
                precision: ShaderPrecision = .full) {
        self.source = source
        self.interface = interface
        self.precision = precision
        vertexSource = VertexStage.source(for: interface)
        let precisionLines = precision == .full ? DialectShaderFile.fullPrecision.lines : []
        if interface.dialect == .shaderToy {
            self.common = common
            let channels = interface.samplers.map(\.name)
            let prelude = ["#version 300 es", SourceStringNumbering.directive(line: 1, string: Self.preludeSourceString)] + precisionLines + (opaque ? ShaderToyDialect.opaque : [])
                + ShaderToyDialect.prelude(channels: channels)
            let commonLines = common.map { [SourceStringNumbering.directive(line: 1, string: Self.commonSourceString)] + Self.zeroInitialised($0, dialect: .shaderToy) } ?? []
            let epilogue = [SourceStringNumbering.directive(line: prelude.count - 1, string: Self.preludeSourceString)] + ShaderToyDialect.epilogue
            fragmentSource = (prelude + commonLines + ["#line 1 0"] + Self.zeroInitialised(source, dialect: .shaderToy) + epilogue).joined(separator: "\n")
            return
        }
        if interface.dialect == .vsCodeShaderToy, let directives = interface.vsCodeDirectives {
            let prelude = ["#version 300 es", "#line 1 \(Self.preludeSourceString)"] + precisionLines
                + (opaque && directives.callsMainImage ? ShaderToyDialect.opaque : [])
                + VSCodeShaderToyDialect.prelude(samplers: interface.samplers.map(\.name), keyboard: directives.readsKeyboard)
            var lines = directives.blanking(source.lines.map(String.init)).zeroInitialised(of: source, dialect: .vsCodeShaderToy)
            // The extension drops the file's #version: its preview compiles every shader as GLSL ES 3.00.
            for index in 0..<min(interface.bodyStartLine - 1, lines.count) where lines[index].drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#version") {
                lines[index] = ""
            }
            let epilogue = directives.callsMainImage ? ["#line \(prelude.count - 1) \(Self.preludeSourceString)"] + VSCodeShaderToyDialect.epilogue : []
            fragmentSource = (prelude + ["#line 1 0"] + lines + epilogue).joined(separator: "\n")
            return
        }
        if interface.dialect == .isf, let isf = interface.isf {
            let writesFragColor = GLSLTokenizer.tokens(of: source).contains { $0.text == "gl_FragColor" }
            let prelude = ["#version 300 es", SourceStringNumbering.directive(line: 1, string: Self.preludeSourceString)] + precisionLines + ISFDialect.prelude(
                for: isf, writesFragColor: writesFragColor, ownVertexStage: interface.vertexShader != nil,
                declaresFragNormCoord: interface.varyings.contains { $0.name == ISFDialect.fragNormCoord })
            fragmentSource = (prelude + ["#line 1 0"] + Self.zeroInitialised(source, dialect: .isf)).joined(separator: "\n")
            if let vertex = interface.vertexShader {
                let vertexPrelude = ["#version 300 es", SourceStringNumbering.directive(line: 1, string: Self.preludeSourceString)] + precisionLines + ISFDialect.vertexPrelude(for: isf, vertex: vertex)
                vertexSource = (vertexPrelude + ["#line 1 0"] + vertex.lines.map(String.init)).joined(separator: "\n")
            }
            return
        }
        // A uniform both stages declare must have one precision in both, so the user's vertex stage reads
        // its qualifiers as the fragment stage does.
        let precisionPrelude: [DialectShaderFile] = precision == .full ? [.fullPrecision] : []
        if let vertex = interface.vertexShader {
            vertexSource = Self.spliced(ShaderInterface.linesReadAsES(vertex), prelude: precisionPrelude,
                                        bodyStartLine: ShaderInterface.bodyStartLine(of: vertex))
        }
        let lines = ShaderInterface.linesReadAsES(source).zeroInitialised(of: source, dialect: interface.dialect)
        guard interface.fetchesFramebuffer else {
            let prelude: [DialectShaderFile] = switch interface.dialect {
            case .glslViewer: [.defaultPrecision, .glslViewerDefines, .bottomUpCoordinates]
            case .glslSandbox: [.defaultPrecision, .bottomUpCoordinates]
            case .bonzomatic: [.defaultPrecision, .bottomUpCoordinates, .bonzomaticPrelude]
            case .glsl, .shaderToy, .isf, .vsCodeShaderToy: [.defaultPrecision]
            }
            fragmentSource = Self.spliced(lines, prelude: precisionPrelude + prelude, bodyStartLine: interface.bodyStartLine, defines: defines)
            return
        }
        fragmentSource = Self.spliced(FramebufferFetch.withoutExtension(lines), prelude: precisionPrelude + [.defaultPrecision, .framebufferFetchFallback],
                                      bodyStartLine: interface.bodyStartLine)
        if interface.version == .es100 {
            framebufferFetchSource = Self.spliced(lines, prelude: [.framebufferFetch] + precisionPrelude + [.defaultPrecision],
                                                  bodyStartLine: interface.bodyStartLine)
        }
    }

    /// `source`'s lines, each variable declared without an initialiser zeroed where `dialect`'s host zeroes it.
    private static func zeroInitialised(_ source: SourceText, dialect: ShaderDialect) -> [String] {
        source.lines.map(String.init).zeroInitialised(of: source, dialect: dialect)
    }

    /// The user's `lines` with `prelude` after their header (the lines before `bodyStartLine`), numbered as
    /// a source string of its own.
    static func spliced(_ lines: [String], prelude: [DialectShaderFile], bodyStartLine: Int, defines: [String] = []) -> String {
        let header = lines.prefix(bodyStartLine - 1)
        let body = lines.dropFirst(bodyStartLine - 1)
        let preludeLines = [SourceStringNumbering.directive(line: 1, string: preludeSourceString)] + defines.map { "#define \($0)" } + prelude.flatMap(\.lines) + ["#line \(bodyStartLine) 0"]
        return (header + preludeLines + body).joined(separator: "\n")
    }
}

private extension [String] {
    /// These lines of `source`, as the driver is given them, with `ZeroInitialisation`'s initialisers where
    /// `dialect`'s host zeroes variables.
    func zeroInitialised(of source: SourceText, dialect: ShaderDialect) -> [String] {
        ZeroInitialisation.applies(to: dialect) ? ZeroInitialisation.lines(self, of: source) : self
    }
}

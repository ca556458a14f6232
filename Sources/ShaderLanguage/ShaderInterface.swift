/// What a fragment shader declares that the workbench must feed: its GLSL ES version, uniforms and
/// varyings, read from the source before anything is compiled so compositions can be checked against it.
public struct ShaderInterface: Sendable {
    public struct Declaration: Hashable, Sendable {
        public var name: String
        public var type: GLSLType
        /// Set for arrays (`uniform float weights[9];`).
        public var arrayLength: Int?
        public var line: Int
        public var column: Int
        /// The default, range and label the shader gives this parameter, if any.
        public var annotation: ParameterAnnotation?
        /// The file that declares it when that is not the shader's own: its vertex shader.
        public var file: String?
    }

    public var version: GLSLVersion
    public var dialect: ShaderDialect = .glsl
    /// An ISF shader's header: its inputs, passes and imported images.
    public var isf: ISFHeader?
    /// A VS Code Shader Toy shader's directives: what its channels read and how, its keyboard, and whether the
    /// extension's `main` calls its `mainImage`.
    public var vsCodeDirectives: VSCodeShaderToyDirectives?
    /// The shader's own vertex stage, when it has one: an ISF shader's `.vs` beside it, a GLSL shader's
    /// `.vsh` beside it or the file its node names. Without one, the workbench's vertex stage feeds it.
    public var vertexShader: SourceText?
    public var uniforms: [Declaration]
    /// Interpolated inputs of the fragment stage (`varying` in 1.00, `in` in 3.00).
    public var varyings: [Declaration]
    /// The first line after the `#version` and `#extension` directives that open the file: where the
    /// workbench's prelude goes.
    public var bodyStartLine: Int
    /// Whether the shader reads what its target held before it drew (`gl_LastFragData`; see `FramebufferFetch`).
    public var fetchesFramebuffer = false

    public func uniform(named name: String) -> Declaration? {
        uniforms.first { $0.name == name }
    }

    /// Image inputs, in declaration order.
    public var samplers: [Declaration] { uniforms.filter { $0.type == .sampler2D } }

    /// An ISF audio or audioFFT input by name: an image input that sound feeds.
    public func soundInput(named name: String) -> ISFInput? {
        isf?.input(named: name).flatMap { $0.kind.isSound ? $0 : nil }
    }

    /// How sound is laid out in an image input that sound feeds (ISF's audio and audioFFT inputs, Bonzomatic's
    /// spectra); nil for one that images feed.
    public func soundShape(of sampler: String) -> SoundImageShape? {
        if let input = soundInput(named: sampler) { return SoundImageShape(input) }
        return dialect == .bonzomatic ? BonzomaticDialect.soundShape(of: sampler) : nil
    }

    /// Image inputs that images feed, in declaration order: every sampler but those sound feeds.
    public var pictureSamplers: [Declaration] { samplers.filter { soundShape(of: $0.name) == nil } }

    /// Reads the interface of `source`; a `#version` this workbench cannot run is an error located at it.
    /// Its own vertex stage is read from `files`: `vertexShaderPath` when given, else the conventional file
    /// beside it (`.vs` for ISF, `.vsh` for GLSL) when there is one. `asVSCodeShaderToy` reads it as VS Code's
    /// Shader Toy extension's whatever it seems written for: the extension draws a shader file a channel names
    /// as a pass of its own.
    public static func read(_ source: SourceText, files: SourceFiles = .disk, vertexShaderPath: String? = nil,
                            asVSCodeShaderToy: Bool = false) throws(Diagnostic) -> ShaderInterface {
        let header = try readHeader(source)
        let version = header.version
        let tokens = GLSLTokenizer.tokens(of: source)
        let (declaredUniforms, varyings) = try declarations(in: tokens, of: source, version: version)
        var uniforms = declaredUniforms
        if let header = try ISFHeaderReader.read(source) {
            return try isf(header, declared: uniforms, varyings: varyings, source: source, files: files)
        }
        let directives = try VSCodeShaderToyDirectives.read(source, files: files)
        let dialect = directives != nil || asVSCodeShaderToy ? .vsCodeShaderToy
            : ShaderDialect.detect(tokens, uniforms: uniforms, varyings: varyings, macros: macros(in: source))
        if dialect == .bonzomatic { uniforms = BonzomaticDialect.readingSpectraAsImages(uniforms) }
        var vertexShader: SourceText?
        if dialect == .glsl, let path = vertexShaderPath ?? conventionalVertexShaderPath(of: source.path, dialect: dialect),
           vertexShaderPath != nil || files.isRegularFile(path) {
            let vertex = try files.readText(path: path)
            vertexShader = vertex
            // Its uniforms are the shader's parameters too; one both stages declare is one uniform.
            let (vertexUniforms, _) = try declarations(in: GLSLTokenizer.tokens(of: vertex), of: vertex, version: try readHeader(vertex).version)
            for var uniform in vertexUniforms where !uniforms.contains(where: { $0.name == uniform.name }) {
                uniform.file = vertex.path
                uniforms.append(uniform)
            }
        }
        if dialect == .shaderToy {
            // The channels a ShaderToy shader uses are its image inputs, declared by the prelude and
            // located at their first use so messages about them point somewhere useful.
            for channel in ShaderToyDialect.channels where !uniforms.contains(where: { $0.name == channel }) {
                guard let use = tokens.first(where: { $0.text == channel }) else { continue }
                uniforms.append(Declaration(name: channel, type: .sampler2D, arrayLength: nil, line: use.line, column: use.column))
            }
            uniforms.sort { ($0.type == .sampler2D ? 0 : 1, $0.name) < ($1.type == .sampler2D ? 0 : 1, $1.name) }
        }
        var vsCodeDirectives: VSCodeShaderToyDirectives?
        if dialect == .vsCodeShaderToy {
            var read = directives ?? VSCodeShaderToyDirectives()
            read.callsMainImage = VSCodeShaderToyDialect.callsMainImage(tokens, isStrict: read.isStrict)
            // As ShaderToy's: the channels it uses and its keyboard are its image inputs, declared by the prelude.
            for sampler in VSCodeShaderToyDialect.channels + [VSCodeShaderToyDialect.keyboard] where !uniforms.contains(where: { $0.name == sampler }) {
                if let use = tokens.first(where: { $0.text == sampler }) {
                    uniforms.append(Declaration(name: sampler, type: .sampler2D, arrayLength: nil, line: use.line, column: use.column))
                } else if sampler == VSCodeShaderToyDialect.keyboard, let keyboard = read.keyboardLine {
                    // Its isKeyDown and friends read it.
                    uniforms.append(Declaration(name: sampler, type: .sampler2D, arrayLength: nil, line: keyboard.line, column: keyboard.column))
                }
            }
            // Its custom uniforms are parameters with the default and range they give.
            for uniform in read.uniforms where !uniforms.contains(where: { $0.name == uniform.name }) {
                uniforms.append(Declaration(name: uniform.name, type: uniform.type, arrayLength: nil, line: uniform.line, column: uniform.column,
                                            annotation: uniform.annotation))
            }
            uniforms.sort { ($0.type == .sampler2D ? 0 : 1, $0.name) < ($1.type == .sampler2D ? 0 : 1, $1.name) }
            vsCodeDirectives = read
        }
        let es300 = dialect == .shaderToy || dialect == .vsCodeShaderToy
        var interface = ShaderInterface(version: es300 ? .es300 : version, uniforms: uniforms,
                                        varyings: varyings, bodyStartLine: header.bodyStartLine)
        interface.dialect = dialect
        interface.vsCodeDirectives = vsCodeDirectives
        interface.vertexShader = vertexShader
        interface.fetchesFramebuffer = dialect == .glsl && FramebufferFetch.isUsed(by: source, tokens: tokens)
        return interface
    }

    /// The names `source` defines as macros (`#define iTime u_time`): declared, for telling dialects apart.
    private static func macros(in source: SourceText) -> Set<String> {
        Set(source.lines.compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" })
            return words.count >= 2 && words[0] == "#define" ? String(words[1]) : nil
        })
    }

    /// The uniforms (with their settings) and the interpolated inputs declared at the top level of `source`.
    private static func declarations(in tokens: [GLSLToken], of source: SourceText,
                                     version: GLSLVersion) throws(Diagnostic) -> (uniforms: [Declaration], varyings: [Declaration]) {
        let constants = integerConstants(in: tokens, source: source)
        var uniforms: [Declaration] = []
        var varyings: [Declaration] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index].text
            switch token {
            case "{", "(": depth += 1
            case "}", ")": depth = max(0, depth - 1)
            case "uniform" where depth == 0:
                uniforms += declarations(in: tokens, after: &index, constants: constants)
            case "varying" where depth == 0 && version == .es100,
                 "in" where depth == 0 && version != .es100:
                varyings += declarations(in: tokens, after: &index, constants: constants)
            default: break
            }
            index += 1
        }
        for index in uniforms.indices {
            uniforms[index].annotation = try annotation(after: uniforms[index], in: source)
        }
        return (uniforms, varyings)
    }

    /// The parameter settings in a `//` comment after the declaration, on the same line.
    static func annotation(after declaration: Declaration, in source: SourceText) throws(Diagnostic) -> ParameterAnnotation? {
        guard let text = source.line(declaration.line) else { return nil }
        let characters = Array(text)
        var index = declaration.column - 1
        while index + 1 < characters.count, !(characters[index] == "/" && characters[index + 1] == "/") { index += 1 }
        guard index + 1 < characters.count else { return nil }
        let commentStart = index + 2
        guard let annotation = try ParameterAnnotation.parse(Substring(String(characters[commentStart...])), line: declaration.line,
                                                             column: commentStart + 1, in: source) else { return nil }
        let expected = (declaration.type.componentCount ?? 0) * (declaration.arrayLength ?? 1)
        for (what, values) in [("default", annotation.defaultValue), ("range", annotation.minimum), ("range", annotation.maximum)] {
            guard let values else { continue }
            // A range may give one bound for every component.
            guard values.count == expected || (what == "range" && values.count == 1) else {
                throw source.error("the \(what) of '\(declaration.name)' needs \(expected) number\(expected == 1 ? "" : "s") for its type \(declaration.type), found \(values.count)",
                                   line: declaration.line, column: commentStart + 1, code: .annotation)
            }
        }
        return annotation
    }

    private static let precisionQualifiers: Set<String> = ["lowp", "mediump", "highp"]

    /// The integer constants declared at the top level (`const int GAUSSIAN_SAMPLES = 9;`) or defined
    /// (`#define SAMPLES 9`), which GPUImage's shaders size their arrays with.
    private static func integerConstants(in tokens: [GLSLToken], source: SourceText) -> [String: Int] {
        var constants: [String: Int] = [:]
        for line in source.lines {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count == 3, words[0] == "#define", let value = Int(words[2]) { constants[String(words[1])] = value }
        }
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.text {
            case "{", "(": depth += 1
            case "}", ")": depth = max(0, depth - 1)
            case "const" where depth == 0:
                var next = index + 1
                while next < tokens.count, precisionQualifiers.contains(tokens[next].text) { next += 1 }
                guard next + 4 < tokens.count, tokens[next].text == "int", tokens[next + 2].text == "=",
                      let value = Int(tokens[next + 3].text), tokens[next + 4].text == ";" else { continue }
                constants[tokens[next + 1].text] = value
            default: break
            }
        }
        return constants
    }

    /// Reads `[precision] type name[N], name2 ;` after a storage qualifier, leaving `index` on the `;`. An
    /// array's length is a number or one of `constants`.
    private static func declarations(in tokens: [GLSLToken], after index: inout Int, constants: [String: Int]) -> [Declaration] {
        index += 1
        while index < tokens.count, precisionQualifiers.contains(tokens[index].text) { index += 1 }
        guard index + 1 < tokens.count else { return [] }
        let type = GLSLType(name: tokens[index].text)
        index += 1
        if tokens[index].text == "{" {
            // A uniform block: its members are not settable one by one here; skip to its end.
            var depth = 0
            while index < tokens.count {
                if tokens[index].text == "{" { depth += 1 }
                if tokens[index].text == "}" { depth -= 1; if depth == 0 { break } }
                index += 1
            }
            while index < tokens.count, tokens[index].text != ";" { index += 1 }
            return []
        }
        var found: [Declaration] = []
        while index < tokens.count, tokens[index].text != ";" {
            let nameToken = tokens[index]
            guard nameToken.text.first.map({ $0.isLetter || $0 == "_" }) ?? false else { index += 1; continue }
            var arrayLength: Int?
            if index + 3 < tokens.count, tokens[index + 1].text == "[", tokens[index + 3].text == "]" {
                arrayLength = Int(tokens[index + 2].text) ?? constants[tokens[index + 2].text]
                index += 3
            }
            found.append(Declaration(name: nameToken.text, type: type, arrayLength: arrayLength,
                                     line: nameToken.line, column: nameToken.column))
            index += 1
            // Skip an initialiser (`uniform float x = 1.0;`) up to the next declarator or the end.
            var depth = 0
            while index < tokens.count {
                let text = tokens[index].text
                if text == "(" || text == "[" { depth += 1 }
                if text == ")" || text == "]" { depth -= 1 }
                if depth <= 0 && (text == ";" || text == ",") { break }
                index += 1
            }
            if index < tokens.count, tokens[index].text == "," { index += 1 }
        }
        return found
    }

    /// `source`'s lines as the driver is given them: a desktop GLSL `#version` (such as `#version 330`) says the
    /// GLSL ES version it is read as instead, on the same line, so every other line keeps its number.
    public static func linesReadAsES(_ source: SourceText) -> [String] {
        var lines = source.lines.map(String.init)
        if let header = try? readHeader(source), let line = header.desktopVersionLine {
            lines[line - 1] = header.version.directive
        }
        return lines
    }

    /// The first line after `source`'s `#version` and `#extension` lines: where a prelude may start.
    public static func bodyStartLine(of source: SourceText) -> Int {
        (try? readHeader(source))?.bodyStartLine ?? 1
    }

    /// Finds `#version` and the directives that must stay ahead of any prelude.
    private struct Header {
        var version = GLSLVersion.es100
        var bodyStartLine = 1
        /// The line of a desktop GLSL `#version`, which `version` is read from.
        var desktopVersionLine: Int?
    }

    private static func readHeader(_ source: SourceText) throws(Diagnostic) -> Header {
        var header = Header()
        for (index, rawLine) in source.lines.enumerated() {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("//") { continue }
            guard line.hasPrefix("#") else { break }
            let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let directive = words.first else { continue }
            if directive == "version" {
                let number = words.count > 1 ? String(words[1]) : ""
                let profile = words.count > 2 ? String(words[2]) : ""
                let desktop = GLSLVersion(number: number, profile: profile) == nil
                guard let parsed = GLSLVersion(number: number, profile: profile) ?? GLSLVersion(desktopNumber: number, profile: profile) else {
                    let column = rawLine.count - line.count + 1
                    throw source.error(
                        "#version \(number)\(profile.isEmpty ? "" : " " + profile) is neither GLSL ES nor desktop GLSL; use '#version 100', '#version 300 es' or no #version",
                        line: index + 1, column: column)
                }
                header.version = parsed
                header.desktopVersionLine = desktop ? index + 1 : nil
                header.bodyStartLine = index + 2
            } else if directive == "extension" {
                header.bodyStartLine = index + 2
            } else {
                break
            }
        }
        return header
    }
}

/// The GLSL ES versions a fragment shader may be written in.
public enum GLSLVersion: String, Hashable, Sendable {
    case es100 = "100"
    case es300 = "300 es"
    case es310 = "310 es"
    case es320 = "320 es"

    init?(number: String, profile: String) {
        switch (number, profile) {
        case ("100", ""): self = .es100
        case ("300", "es"): self = .es300
        case ("310", "es"): self = .es310
        case ("320", "es"): self = .es320
        default: return nil
        }
    }

    /// The GLSL ES version a desktop GLSL shader is read as: GLSL 1.10 and 1.20 (attribute, varying,
    /// texture2D) as ES 1.00, 1.30 and later (in, out, texture) as ES 3.00. Where the driver refuses it as
    /// that, its desktop reading is translated. Nil for a number desktop GLSL never had.
    init?(desktopNumber number: String, profile: String) {
        guard ["", "core", "compatibility"].contains(profile), let value = Int(number) else { return nil }
        switch value {
        case 110, 120: self = .es100
        case 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460: self = .es300
        default: return nil
        }
    }

    /// The `#version` line that opens a shader of this version.
    public var directive: String { "#version \(rawValue)" }
}

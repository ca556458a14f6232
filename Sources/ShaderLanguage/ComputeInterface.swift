/// What a compute kernel declares that the workbench must feed: its work group size, the images it reads and
/// writes (`image2D` uniforms), the textures it samples, its storage buffers and its other uniforms, read from
/// the text before anything is compiled so a composition can be checked against it.
public struct ComputeInterface: Sendable {
    /// How a kernel may touch an image or buffer, from its memory qualifiers.
    public enum Access: String, Sendable {
        case readOnly = "readonly"
        case writeOnly = "writeonly"
        case readWrite = "read-write"

        public var writes: Bool { self != .readOnly }
        public var reads: Bool { self != .writeOnly }
    }

    /// An `image2D` uniform (or `uimage2D`, `iimage2D`).
    public struct Image: Sendable, Equatable {
        public var name: String
        /// Its layout's format qualifier (`rgba8`, `r32f`, …); nil where it gives none.
        public var format: String?
        public var access: Access
        /// Its layout's `binding`: the image unit it is on.
        public var binding: Int?
        public var line: Int
        public var column: Int
    }

    /// A `buffer` block (std430 or std140).
    public struct Buffer: Sendable, Equatable {
        /// The block's name, which the composition's `buffers:` key names.
        public var name: String
        public var binding: Int?
        public var layout: String?
        public var access: Access
        /// Its members in order; the last may be an array of no stated length, whose length the composition gives.
        public var members: [StorageLayout.Member]
        public var line: Int
        public var column: Int

        /// The element type of its last member when that is an array of no stated length.
        public var runtimeElement: StorageLayout.Member? {
            members.last.flatMap { $0.isRuntimeArray ? $0 : nil }
        }
    }

    public var version: GLSLVersion
    /// Whether its `#version` is desktop GLSL (4.30 and later), which is translated to GLSL ES 3.10.
    public var isDesktop: Bool
    /// `layout(local_size_x = …, local_size_y = …, local_size_z = …) in;`, 1 where a size is not given.
    public var localSize: [Int]
    /// Where the work group size is declared.
    public var localSizeLine: Int
    /// Samplers and the uniforms the composition sets, as fragment shaders have them.
    public var uniforms: [ShaderInterface.Declaration]
    public var images: [Image]
    public var buffers: [Buffer]

    public var samplers: [ShaderInterface.Declaration] { uniforms.filter { $0.type == .sampler2D } }

    public func uniform(named name: String) -> ShaderInterface.Declaration? {
        uniforms.first { $0.name == name }
    }

    public func image(named name: String) -> Image? {
        images.first { $0.name == name }
    }

    public func buffer(named name: String) -> Buffer? {
        buffers.first { $0.name == name }
    }

    /// Whether `source` is a compute kernel: it declares its work group size (`layout(local_size_x = 8) in;`),
    /// or it is a Compute Shader Format file.
    public static func isCompute(_ source: SourceText) -> Bool {
        if ComputeShaderFormat.hasHeader(source) { return true }
        let tokens = GLSLTokenizer.tokens(of: source)
        return statements(of: tokens).contains { statement in
            statement.tokens.last?.text == "in" && qualifiers(in: statement.tokens).keys.contains { $0.hasPrefix("local_size_") }
        }
    }

    /// Reads the interface of the kernel `source`; a `#version` that cannot run compute, or a kernel without a
    /// work group size, is an error located at it.
    public static func read(_ source: SourceText) throws(Diagnostic) -> ComputeInterface {
        let (version, isDesktop, versionLine) = try readVersion(source)
        let tokens = GLSLTokenizer.tokens(of: source)
        var localSize: [Int]?
        var localSizeLine = 1
        var uniforms: [ShaderInterface.Declaration] = []
        var images: [Image] = []
        var buffers: [Buffer] = []
        for statement in statements(of: tokens) {
            let words = statement.tokens.map(\.text)
            let layout = qualifiers(in: statement.tokens)
            if words.last == "in", layout.keys.contains(where: { $0.hasPrefix("local_size_") }) {
                localSize = try ["local_size_x", "local_size_y", "local_size_z"].map { key throws(Diagnostic) in
                    guard let text = layout[key] else { return 1 }
                    guard let value = text.flatMap({ Int($0) }), value > 0 else {
                        throw source.error("\(key) must be a whole number of 1 or more, found \(text ?? "nothing")",
                                           line: statement.tokens[0].line, column: statement.tokens[0].column, code: .computeLocalSize)
                    }
                    return value
                }
                localSizeLine = statement.tokens[0].line
            } else if let body = statement.body, words.contains("buffer") {
                guard let nameToken = statement.tokens.last(where: { isIdentifier($0.text) && !qualifierWords.contains($0.text) && $0.text != "buffer" }) else { continue }
                let members = try StorageLayout.members(of: body, in: source)
                buffers.append(Buffer(name: nameToken.text, binding: layout["binding"].flatMap { $0.flatMap { Int($0) } },
                                      layout: layout.keys.first { $0 == "std430" || $0 == "std140" }, access: access(words), members: members,
                                      line: nameToken.line, column: nameToken.column))
            } else if statement.body == nil, words.contains("uniform") {
                let declared = declarators(in: statement.tokens)
                for (type, name, arrayLength) in declared {
                    if type.hasSuffix("image2D") {
                        images.append(Image(name: name.text, format: layout.keys.first(where: { ImageFormatQualifier.all.contains($0) }),
                                            access: access(words), binding: layout["binding"].flatMap { $0.flatMap { Int($0) } },
                                            line: name.line, column: name.column))
                    } else {
                        var uniform = ShaderInterface.Declaration(name: name.text, type: GLSLType(name: type), arrayLength: arrayLength,
                                                                  line: name.line, column: name.column)
                        // `// default: …, range: …, label: …` after it, as a fragment shader's parameters have.
                        uniform.annotation = try ShaderInterface.annotation(after: uniform, in: source)
                        uniforms.append(uniform)
                    }
                }
            }
        }
        guard let localSize else {
            throw source.error("a compute kernel declares its work group size: layout(local_size_x = 8, local_size_y = 8) in;",
                               line: versionLine, code: .computeLocalSize)
        }
        return ComputeInterface(version: version, isDesktop: isDesktop, localSize: localSize, localSizeLine: localSizeLine,
                                uniforms: uniforms, images: images, buffers: buffers)
    }

    /// The statement at the top level of the file: its tokens up to `;` or `{`, and a block's body.
    private struct Statement {
        var tokens: [GLSLToken]
        var body: [GLSLToken]?
    }

    /// The top-level statements of `tokens`; function bodies and their statements are skipped.
    private static func statements(of tokens: [GLSLToken]) -> [Statement] {
        var statements: [Statement] = []
        var current: [GLSLToken] = []
        var parentheses = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.text {
            case "(": parentheses += 1; current.append(token)
            case ")": parentheses = max(0, parentheses - 1); current.append(token)
            case ";" where parentheses == 0:
                statements.append(Statement(tokens: current))
                current = []
            case "{" where parentheses == 0:
                var depth = 0
                var body: [GLSLToken] = []
                while index < tokens.count {
                    if tokens[index].text == "{" { depth += 1 }
                    if tokens[index].text == "}" { depth -= 1; if depth == 0 { break } }
                    if depth >= 1, !(depth == 1 && tokens[index].text == "{") { body.append(tokens[index]) }
                    index += 1
                }
                // A block is a declaration, ended by `;` after an optional instance name; a function is not.
                let isFunction = current.last?.text == ")"
                if !isFunction { statements.append(Statement(tokens: current, body: body)) }
                current = []
                if !isFunction {
                    while index + 1 < tokens.count, tokens[index + 1].text != ";" { index += 1 }
                    index += 1
                }
            default: current.append(token)
            }
            index += 1
        }
        return statements
    }

    /// The keys of every `layout(…)` in a statement, with the values given to them (`binding = 2`).
    private static func qualifiers(in tokens: [GLSLToken]) -> [String: String?] {
        var found: [String: String?] = [:]
        var index = 0
        while index < tokens.count {
            guard tokens[index].text == "layout", index + 1 < tokens.count, tokens[index + 1].text == "(" else { index += 1; continue }
            index += 2
            while index < tokens.count, tokens[index].text != ")" {
                let key = tokens[index].text
                if index + 2 < tokens.count, tokens[index + 1].text == "=" {
                    found[key] = tokens[index + 2].text
                    index += 3
                } else {
                    if key != "," { found[key] = .some(nil) }
                    index += 1
                }
                if index < tokens.count, tokens[index].text == "," { index += 1 }
            }
            index += 1
        }
        return found
    }

    private static let qualifierWords: Set<String> = [
        "layout", "uniform", "buffer", "readonly", "writeonly", "coherent", "volatile", "restrict", "highp", "mediump", "lowp", "shared",
    ]

    private static func isIdentifier(_ text: String) -> Bool {
        text.first.map { $0.isLetter || $0 == "_" } ?? false
    }

    private static func access(_ words: [String]) -> Access {
        if words.contains("readonly") { return .readOnly }
        if words.contains("writeonly") { return .writeOnly }
        return .readWrite
    }

    /// The type and the names a uniform statement declares, past its layout and qualifiers, with each array's
    /// length where it is a number.
    private static func declarators(in tokens: [GLSLToken]) -> [(type: String, name: GLSLToken, arrayLength: Int?)] {
        var index = 0
        var rest: [GLSLToken] = []
        while index < tokens.count {
            if tokens[index].text == "layout" {
                while index < tokens.count, tokens[index].text != ")" { index += 1 }
            } else if !qualifierWords.contains(tokens[index].text) {
                rest.append(tokens[index])
            }
            index += 1
        }
        guard let type = rest.first?.text else { return [] }
        var found: [(type: String, name: GLSLToken, arrayLength: Int?)] = []
        var brackets = 0
        for at in rest.indices.dropFirst() {
            let text = rest[at].text
            if text == "[" { brackets += 1 } else if text == "]" { brackets -= 1 }
            if brackets == 0, text == "=" { break }
            if brackets == 0, isIdentifier(text) {
                let length = at + 3 < rest.count && rest[at + 1].text == "[" && rest[at + 3].text == "]" ? Int(rest[at + 2].text) : nil
                found.append((type, rest[at], length))
            }
        }
        return found
    }

    /// The version a kernel is read as: GLSL ES 3.10 or 3.20, or desktop GLSL 4.30 and later (translated).
    private static func readVersion(_ source: SourceText) throws(Diagnostic) -> (GLSLVersion, isDesktop: Bool, line: Int) {
        for (index, rawLine) in source.lines.enumerated() {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("//") { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.first == "#version" else { break }
            let number = words.count > 1 ? String(words[1]) : ""
            let profile = words.count > 2 ? String(words[2]) : ""
            switch (number, profile) {
            case ("310", "es"): return (.es310, false, index + 1)
            case ("320", "es"): return (.es320, false, index + 1)
            case (_, "") where (Int(number) ?? 0) >= 430, (_, "core") where (Int(number) ?? 0) >= 430:
                return (.es310, true, index + 1)
            default:
                throw source.error("a compute kernel is GLSL ES 3.10 ('#version 310 es') or desktop GLSL 4.30 or later, not '#version \(number)\(profile.isEmpty ? "" : " " + profile)'",
                                   line: index + 1, column: rawLine.count - line.count + 1, code: .computeVersion)
            }
        }
        throw source.error("a compute kernel starts with '#version 310 es' (or desktop GLSL '#version 430')", line: 1, code: .computeVersion)
    }
}

/// The format qualifiers an image uniform may give.
public enum ImageFormatQualifier {
    public static let all: Set<String> = [
        "rgba32f", "rgba16f", "r32f", "rgba8", "rgba8_snorm", "rgba32i", "rgba16i", "rgba8i", "r32i", "rgba32ui", "rgba16ui", "rgba8ui", "r32ui",
    ]
}

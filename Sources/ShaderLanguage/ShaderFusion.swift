/// Several GLSL passes written as one program, as Core Image concatenates colour kernels: each pass's text
/// keeps its lines (behind a `#line` of a source string of its own, so the driver's errors point at its file)
/// with every name it declares at file scope prefixed by its place in the chain, its `main` a function that
/// leaves its colour in a variable, and each read of the pass before it (at its own pixel, as
/// `PointwiseAnalysis` proved) that variable instead, as the image in between would have held it.
package enum ShaderFusion {
    /// One pass of a chain, in drawing order.
    package struct Member: Sendable {
        package var node: String
        package var shader: PreparedShader
        /// The sampler that reads the member before it; nil for the first.
        package var chainedSampler: String?

        package init(node: String, shader: PreparedShader, chainedSampler: String?) {
            self.node = node
            self.shader = shader
            self.chainedSampler = chainedSampler
        }
    }

    /// Source-string number of the first member's text; the others follow.
    static let firstMemberSourceString = 10

    /// The prefix of member `index`'s names, which no messages should show: `Diagnostic`s drop it (`writtenNames`).
    static func prefix(of index: Int) -> String { "sbf\(index)_" }

    /// The name member `index`'s `name` has in the program: behind the prefix of its place, or, for a name
    /// that starts with an underscore (ISF's `_NAME_imgSize`), behind one that ends without one, since GLSL
    /// reserves names with two underscores in a row. Either way apart from every other member's names.
    static func programName(of name: String, member index: Int) -> String {
        name.hasPrefix("_") ? "sbf\(index)u\(name)" : prefix(of: index) + name
    }

    /// `text` (a driver's message) with member `index`'s program names spelled as the member wrote them.
    static func writtenNames(in text: String, member index: Int) -> String {
        text.replacingOccurrences(of: "sbf\(index)u_", with: "_").replacingOccurrences(of: prefix(of: index), with: "")
    }

    /// The fragment text of `members` drawn as one pass, and each member's names; `rounding` for a chain of
    /// 8-bit images: each member reads the colour before it clamped and rounded to 8 bits, as the image in
    /// between would have held it, so a threshold or posterize after a fused filter cuts where it did. (It is
    /// nearer exact than reading the image would be where a driver reads 8-bit texels inexactly, as llvmpipe
    /// does: 191 reads as 190.88.) Nil when one of them is written in a
    /// way the rewriting cannot follow (see `isFusible` and `GLSLFileScope`).
    /// `renamed` holds, by member, each name it declares at file scope (its uniforms among them) as the program
    /// spells it. `version` is the program's: the members', or GLSL ES 3.x where 1.00 members join 3.x ones
    /// (they are written as 3.x: `texture2D` as `texture`, `varying` as `in`).
    ///
    /// `packing` draws the chain's image as YUV planes instead (`YUV420Packing`), in GLSL ES 3.x: the members'
    /// coordinates are variables the packing sets to each pixel's centre in turn before it runs their `main`s.
    package static func fragmentSource(of members: [Member], rounding: Bool, packing: Bool = false) -> (source: String, renamed: [[String: String]], version: GLSLVersion)? {
        let versions = members.map(\.shader.interface.version) + (packing ? [.es300] : [])
        guard let head = members.first, let version = programVersion(of: versions) else { return nil }
        let dialect = head.shader.interface.dialect
        let precision = dialect == .isf ? ISFDialect.memberPrecision : DialectShaderFile.defaultPrecision.lines
        var extensions: [String] = []
        var bodies: [String] = []
        var renamed: [[String: String]] = []
        var colour: String?
        for (index, member) in members.enumerated() {
            let previous = colour.map { rounding ? heldIn8Bits($0) : $0 }
            let translating = member.shader.interface.version == .es100 && version != .es100
            guard member.shader.interface.dialect == dialect,
                  let text = rewrite(member, index: index, colour: "sbfColour\(index)", previous: previous, translating: translating,
                                     keepsCoordinates: index == 0 && !packing) else { return nil }
            extensions += text.header.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#extension") && !extensions.contains($0) }
            // Each member starts from its dialect's precision, whatever a member before it declared.
            bodies += [SourceStringNumbering.directive(line: 1, string: PreparedShader.preludeSourceString)] + precision
                + text.declarations
                + [SourceStringNumbering.directive(line: member.shader.interface.bodyStartLine, string: firstMemberSourceString + index)] + text.body
            renamed.append(text.renamed)
            colour = text.colour
        }
        let output = version == .es100 ? "gl_FragColor" : "shaderbenchFragColor"
        var lines = (version == .es100 ? [] : [version.directive]) + extensions
        lines += [SourceStringNumbering.directive(line: 1, string: PreparedShader.preludeSourceString)] + (head.shader.precision == .full ? DialectShaderFile.fullPrecision.lines : [])
            + DialectShaderFile.defaultPrecision.lines
        if dialect == .isf { lines += ISFDialect.chainPrelude }
        let coordinates = Array(Set(members.flatMap { $0.shader.interface.varyings.map(\.name) })).sorted()
        if packing {
            // Set before any member runs; the value given here only keeps the driver from warning that it is not.
            lines += coordinates.map { "highp vec2 \($0) = vec2(0.0);" }
        } else if version != .es100 {
            lines += ["out vec4 \(output);"]
        }
        lines += bodies
        lines += [SourceStringNumbering.directive(line: 1, string: PreparedShader.preludeSourceString)]
        let runs = members.indices.map { "    \(prefix(of: $0))main();" }
        if packing {
            // The packing reads the chain's colour as the image it would have drawn holds it.
            let finalColour = colour.map { rounding ? heldIn8Bits($0) : "(\($0))" } ?? "vec4(0.0)"
            lines += DialectShaderFile.yuv420Packing.lines + ["vec3 shaderbenchPixel(ivec2 position) {"]
            lines += coordinates.map { "    \($0) = (vec2(position) + 0.5) / vec2(\(YUV420Packing.imageSize));" }
            lines += runs + ["    return \(finalColour).rgb;", "}"]
        } else {
            lines += ["void main() {"] + runs + ["    \(output) = \(colour ?? "vec4(0.0)");", "}"]
        }
        return (lines.joined(separator: "\n"), renamed, version)
    }

    /// `colour` as an 8-bit image holds it: clamped to 0…1 and rounded to a level.
    private static func heldIn8Bits(_ colour: String) -> String {
        "(floor(clamp(\(colour), 0.0, 1.0) * 255.0 + 0.5) / 255.0)"
    }

    /// The version a program of members written in `versions` is in: theirs when they agree, else 3.x where
    /// the others are 1.00; nil for two 3.x versions.
    package static func programVersion(of versions: [GLSLVersion]) -> GLSLVersion? {
        let distinct = Set(versions).subtracting([.es100])
        guard distinct.count <= 1 else { return nil }
        return distinct.first ?? versions.first
    }

    /// Words GLSL ES 3.00 reserves that a 1.00 shader may not have reserved, and `texture`, which names a
    /// function there: a 1.00 member using any of them is not written as 3.00.
    private static let reservedFrom300 = ISFDialect.reservedWords.subtracting([
        "attribute", "const", "uniform", "varying", "break", "continue", "do", "for", "while", "if", "else", "in", "out",
        "inout", "float", "int", "void", "bool", "true", "false", "lowp", "mediump", "highp", "precision", "invariant",
        "discard", "return", "struct", "mat2", "mat3", "mat4", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4", "bvec2",
        "bvec3", "bvec4", "sampler2D", "samplerCube",
    ]).union(["texture"])

    /// GLSL ES 1.00's words for what 3.00 spells otherwise.
    private static let spelledIn300 = ["texture2D": "texture", "texture2DProj": "textureProj", "textureCube": "texture", "varying": "in"]

    /// Whether `shader` can be a member at all: GLSL ES as written (a desktop shader is translated whole), or
    /// ISF with one pass and nothing to bind but its inputs; no preprocessor beyond its header (a macro could
    /// name anything), one colour written, no multiple render targets, and `discard` only where it would end
    /// the whole chain (`isLast`).
    package static func isFusible(_ shader: PreparedShader, isLast: Bool) -> Bool {
        let interface = shader.interface
        guard interface.vertexShader == nil, !interface.fetchesFramebuffer else { return false }
        switch interface.dialect {
        case .glsl:
            guard ShaderInterface.linesReadAsES(shader.source) == shader.source.lines.map(String.init) else { return false }
        case .isf:
            guard let header = interface.isf, header.passes.isEmpty, header.imported.isEmpty else { return false }
        case .shaderToy, .glslViewer, .glslSandbox, .bonzomatic, .vsCodeShaderToy:
            return false
        }
        let body = shader.source.lines.dropFirst(interface.bodyStartLine - 1)
        if body.contains(where: { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.hasPrefix("#") && !trimmed.dropFirst().drop { $0 == " " }.hasPrefix("pragma")
        }) { return false }
        let tokens = GLSLTokenizer.tokens(of: shader.source).map(\.text)
        if tokens.contains("gl_FragData") || (!isLast && tokens.contains("discard")) { return false }
        return true
    }

    /// Words a shader reads the fragment it is drawn in by, other than through its coordinates; and `discard`,
    /// which would drop a whole texel of planes.
    private static let fragmentWords: Set<String> = ["gl_FragCoord", "gl_PointCoord", "gl_FrontFacing", "gl_FragDepth", "gl_HelperInvocation",
                                                     "dFdx", "dFdy", "fwidth", "discard"]

    /// Whether `shader`'s image can be worked out at any pixel by setting its coordinates there and running its
    /// `main`, as packing it into YUV planes does (`fragmentSource(of:rounding:packing:)`): it reads nothing of
    /// the fragment it is drawn in but them, and discards nothing.
    package static func isPackable(_ shader: PreparedShader) -> Bool {
        !GLSLTokenizer.tokens(of: shader.source).contains { fragmentWords.contains($0.text) }
    }

    /// The last token of the read of the sampler at `index` (the call's name two tokens before it), in a shape
    /// `PointwiseAnalysis` proved: `texture2D(SAMPLER, coordinate)`, ISF's `IMG_THIS_PIXEL(SAMPLER)`,
    /// `IMG_THIS_NORM_PIXEL(SAMPLER)` or `IMG_NORM_PIXEL(SAMPLER, isf_FragNormCoord)`.
    private static func ownPixelReadEnd(at index: Int, of tokens: [String], dialect: ShaderDialect) -> Int? {
        guard PointwiseAnalysis.isOwnPixelRead(at: index, of: tokens[index], in: tokens, dialect: dialect) else { return nil }
        return tokens[index + 1] == ")" ? index + 1 : index + 3
    }

    private struct Text {
        var header: [String]
        /// What the program declares for the member ahead of its text: the variable its colour goes to.
        var declarations: [String]
        var body: [String]
        var renamed: [String: String]
        /// The variable that holds the member's colour once its `main` has run.
        var colour: String
    }

    /// `member`'s header and body lines rewritten; nil where its file scope holds something the rewriting
    /// does not follow (an interface block).
    /// `keepsCoordinates`: its coordinate varyings stay declared as they are (the head of a chain drawn as an image).
    private static func rewrite(_ member: Member, index memberIndex: Int, colour: String, previous: String?, translating: Bool,
                                keepsCoordinates: Bool) -> Text? {
        let shader = member.shader
        // The driver reads a shader up to its first NUL byte: past it is no text of this member's.
        let text = shader.source.lines.joined(separator: "\n")
        let source = text.contains("\u{0}") ? SourceText(path: shader.source.path, text: String(text.prefix { $0 != "\u{0}" })) : shader.source
        let lines = source.lines.map(String.init)
        let tokens = GLSLTokenizer.tokens(of: source)
        let texts = tokens.map(\.text)
        guard let scope = GLSLFileScope(tokens) else { return nil }
        if translating {
            // Written as 3.00: none of its words may mean something else there, and no extension of 1.00's is asked for.
            guard !tokens.contains(where: { reservedFrom300.contains($0.text) }),
                  !lines.prefix(shader.interface.bodyStartLine - 1).contains(where: { $0.contains("#extension") }) else { return nil }
        }
        var renamed: [String: String] = [:]
        let header = shader.interface.isf
        // An ISF member's inputs are declared by its header, not its text; the program declares them renamed.
        let headerNames = header.map { ISFDialect.memberNames(for: $0, chained: member.chainedSampler) } ?? []
        for name in scope.declaredNames + headerNames { renamed[name] = programName(of: name, member: memberIndex) }
        // Edits by line: the column a token starts at, its length and what replaces it.
        var edits: [Int: [(column: Int, length: Int, text: String)]] = [:]
        func replace(_ index: Int, with text: String) {
            let token = tokens[index]
            edits[token.line, default: []].append((token.column, token.text.count, text))
        }
        var deleted = Set<Int>()
        /// Whether the token at `index` is the member before's sampler in a read that becomes its colour.
        func isChainedRead(at index: Int) -> Bool {
            guard let sampler = member.chainedSampler, tokens.indices.contains(index), tokens[index].text == sampler, index >= 2 else { return false }
            return ownPixelReadEnd(at: index, of: texts, dialect: shader.interface.dialect) != nil
        }
        // GLSL ES 1.00 writes gl_FragColor, which becomes a variable of the member's; 3.00 its own output.
        var outputName: String?
        for statement in scope.statements {
            switch statement.kind {
            case .varying where !keepsCoordinates:
                deleted.formUnion(statement.range)
            case .uniform(let name) where name == member.chainedSampler:
                deleted.formUnion(statement.range)
            case .output(let name):
                // `layout(location = 0) out vec4 colour;` becomes a plain variable of the program.
                deleted.formUnion(statement.qualifierTokens)
                outputName = renamed[name]
            default:
                break
            }
        }
        // GLSL ES 3.00 has no gl_FragColor but in ISF, whose prelude maps it.
        if shader.interface.version != .es100, header == nil, outputName == nil { return nil }
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            if deleted.contains(index) {
                replace(index, with: "")
                continue
            }
            let text = tokens[index].text
            if let previous, isChainedRead(at: index), let end = ownPixelReadEnd(at: index, of: texts, dialect: shader.interface.dialect) {
                for covered in (index - 2)...end { replace(covered, with: covered == index - 2 ? previous : "") }
                index = end
                continue
            }
            if text == "gl_FragColor" {
                replace(index, with: colour)
            } else if translating, let spelled = spelledIn300[text], !(previous != nil && isChainedRead(at: index + 2)) {
                replace(index, with: spelled)
            } else if let name = renamed[text], index == 0 || tokens[index - 1].text != ".", !scope.structBodies.contains(index) {
                replace(index, with: name)
            }
        }
        if ZeroInitialisation.applies(to: shader.interface.dialect) {
            // After each declarator's name, however it was renamed.
            for insertion in ZeroInitialisation.insertions(in: tokens) {
                edits[insertion.line, default: []].append((insertion.column + 1, 0, insertion.text))
            }
        }
        var rewrittenLines = lines
        for (line, lineEdits) in edits {
            var characters = Array(rewrittenLines[line - 1])
            for edit in lineEdits.sorted(by: { $0.column > $1.column }) {
                characters.replaceSubrange((edit.column - 1)..<(edit.column - 1 + edit.length), with: Array(edit.text))
            }
            rewrittenLines[line - 1] = String(characters)
        }
        let bodyStart = shader.interface.bodyStartLine - 1
        guard bodyStart <= lines.count else { return nil }
        let inputs = header.map { ISFDialect.memberDeclarations(for: $0, chained: member.chainedSampler, renamed: renamed) } ?? []
        return Text(header: Array(lines[..<bodyStart]), declarations: inputs + (outputName == nil ? ["vec4 \(colour);"] : []),
                    body: Array(rewrittenLines[bodyStart...]), renamed: renamed, colour: outputName ?? colour)
    }
}

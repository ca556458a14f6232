/// ISF's conventions on top of GLSL ES 3.00. ISF shaders are written GLSL 1.x style (`gl_FragColor`,
/// `texture2D`, `varying`) against uniforms their header declares; the prelude declares those, ISF's
/// built-ins (`isf-built-ins.glsl`) and its `IMG_*` lookups (`isf-prelude.frag.glsl`), and maps the 1.x names
/// with `#define`, so the user's text compiles unchanged. ISF's coordinates have y up where the workbench
/// stores row 0 at the top: the prelude flips them all, so images come out upright and procedural ones the
/// right way up.
package enum ISFDialect {
    /// The image input a lone ISF filter's live source feeds, by ISF's convention for filters.
    package static let filterInput = "inputImage"

    /// ISF's normalised coordinate: a varying where the shader has a `.vs` or declares it, else computed.
    static let fragNormCoord = "isf_FragNormCoord"

    /// What the workbench sets every frame (or, for `PASSINDEX`, every pass): the uniforms the built-ins file
    /// declares, read from it so that the names and the declarations cannot drift apart.
    package static let builtIns: [String] = {
        let file = DialectShaderFile.isfBuiltIns
        do {
            return try ShaderInterface.read(SourceText(path: file.fileName, text: file.text)).uniforms.map(\.name)
        } catch {
            preconditionFailure("\(file.fileName) does not read as GLSL: \(error)")
        }
    }()

    static let lookups = ["IMG_PIXEL", "IMG_NORM_PIXEL", "IMG_THIS_PIXEL", "IMG_THIS_NORM_PIXEL", "IMG_SIZE"]

    /// Names an input, pass target or imported image may not take.
    static let builtInNames = Set(builtIns + lookups + [fragNormCoord, "vv_FragNormCoord", "isf_vertShaderInit", "vv_vertShaderInit", "main", "texture", "texture2D"])

    /// The prefix of the prelude's own names.
    static let internalPrefix = "shaderbench"

    /// GLSL ES 3.00's keywords and reserved words, which a header's names would otherwise collide with
    /// inside the prelude, where the error could not point at the header.
    static let reservedWords: Set<String> = [
        "attribute", "const", "uniform", "varying", "layout", "centroid", "flat", "smooth", "noperspective",
        "break", "continue", "do", "for", "while", "switch", "case", "default", "if", "else", "in", "out",
        "inout", "float", "int", "void", "bool", "true", "false", "invariant", "discard", "return", "struct",
        "mat2", "mat3", "mat4", "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3",
        "mat4x4", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4", "bvec2", "bvec3", "bvec4", "uint", "uvec2",
        "uvec3", "uvec4", "lowp", "mediump", "highp", "precision", "sampler2D", "sampler3D", "samplerCube",
        "sampler2DShadow", "samplerCubeShadow", "sampler2DArray", "sampler2DArrayShadow", "isampler2D",
        "isampler3D", "isamplerCube", "isampler2DArray", "usampler2D", "usampler3D", "usamplerCube",
        "usampler2DArray", "coherent", "volatile", "restrict", "readonly", "writeonly", "resource",
        "atomic_uint", "patch", "sample", "subroutine", "common", "partition", "active", "asm", "class",
        "union", "enum", "typedef", "template", "this", "goto", "inline", "noinline", "public", "static",
        "extern", "external", "interface", "long", "short", "double", "half", "fixed", "unsigned", "superp",
        "input", "output", "hvec2", "hvec3", "hvec4", "dvec2", "dvec3", "dvec4", "fvec2", "fvec3", "fvec4",
        "filter", "sizeof", "cast", "namespace", "using",
    ]

    /// What an ISF vertex shader (`.vs`) is compiled after: the same uniforms as the fragment stage, and
    /// `isf_vertShaderInit()` with GLSL 1.x's `attribute` and `varying` mapped (`isf-vertex-prelude.vert.glsl`);
    /// `isf_FragNormCoord` declared unless `vertex` declares it itself.
    static func vertexPrelude(for header: ISFHeader, vertex: SourceText) -> [String] {
        (declaresFragNormCoord(vertex) ? ["#define SHADERBENCH_OWN_FRAG_NORM_COORD"] : [])
            + DialectShaderFile.isfBuiltIns.lines
            + header.inputs.map { "uniform \($0.kind.glslType) \($0.name);" }
            + otherImageUniforms(of: header)
            + imageProperties(of: header)
            + DialectShaderFile.isfVertexPrelude.lines
    }

    /// Whether a vertex shader's text declares `isf_FragNormCoord` (or ISF 1's `vv_FragNormCoord`) at file scope:
    /// the name in a statement qualified `varying` or `out` (`varying highp vec2 isf_FragNormCoord;`).
    static func declaresFragNormCoord(_ vertex: SourceText) -> Bool {
        let tokens = GLSLTokenizer.tokens(of: vertex).map(\.text)
        return tokens.indices.contains { index in
            guard [fragNormCoord, "vv_FragNormCoord"].contains(tokens[index]) else { return false }
            let statement = tokens[..<index].reversed().prefix { ![";", "{", "}"].contains($0) }
            return statement.contains("varying") || statement.contains("out")
        }
    }

    /// The declarations, lookups and mappings the user's text is compiled after. `writesFragColor`: the
    /// text assigns `gl_FragColor`, which then becomes the prelude's output; a text that declares its own
    /// `out` gets none from the prelude. `ownVertexStage`: the shader has a `.vs`, whose `isf_FragNormCoord`
    /// it reads; `declaresFragNormCoord`: its text declares that varying itself, as files for hosts that do not
    /// declare it do, and reads it from its `.vs` or else the workbench's vertex stage.
    static func prelude(for header: ISFHeader, writesFragColor: Bool, ownVertexStage: Bool, declaresFragNormCoord: Bool) -> [String] {
        var lines = DialectShaderFile.isfBuiltIns.lines
        lines += header.inputs.map { "uniform \($0.kind.glslType) \($0.name);" }
        lines += otherImageUniforms(of: header)
        lines += imageProperties(of: header)
        lines += DialectShaderFile.isfPrelude.lines
        if !declaresFragNormCoord {
            lines += (ownVertexStage ? DialectShaderFile.isfFragNormCoordVarying : .isfFragNormCoord).lines
        }
        if writesFragColor {
            lines += DialectShaderFile.isfFragColor.lines
        }
        return lines
    }

    /// What a fused chain of ISF shaders shares, ahead of its members: the built-ins and the lookups.
    static var chainPrelude: [String] {
        DialectShaderFile.isfBuiltIns.lines + DialectShaderFile.isfPrelude.lines + DialectShaderFile.isfFragNormCoord.lines
    }

    /// The precision an ISF shader's text starts from: the built-ins file's.
    static var memberPrecision: [String] { DialectShaderFile.isfBuiltIns.lines.filter { $0.hasPrefix("precision ") } }

    /// What one shader of a fused chain (`ShaderFusion`) declares of its own after the built-ins and lookups,
    /// which the chain shares: its header's inputs but `chained` (the image the shader before it now gives),
    /// and every image's properties, each name as `renamed` spells it. The chained image is the size of the
    /// pass: RENDERSIZE. Only for a header with no passes and no imported images, the only ISF shaders that fuse.
    static func memberDeclarations(for header: ISFHeader, chained: String?, renamed: [String: String]) -> [String] {
        header.inputs.filter { $0.name != chained }.map { "uniform \($0.kind.glslType) \(renamed[$0.name] ?? $0.name);" }
            + imageProperties(of: imageInputs(of: header), spelling: { renamed[$0] ?? $0 },
                              size: { $0 == chained ? "RENDERSIZE" : textureSize(renamed[$0] ?? $0) })
    }

    /// The names `memberDeclarations` declares, as the member's text writes them: the inputs but `chained`, and
    /// every image's properties.
    static func memberNames(for header: ISFHeader, chained: String?) -> [String] {
        let properties = imageProperties(of: imageInputs(of: header), spelling: { $0 }, size: { _ in "" })
        return header.inputs.map(\.name).filter { $0 != chained } + properties.map { String($0.split(separator: " ")[1]) }
    }

    private static func imageInputs(of header: ISFHeader) -> [String] {
        header.inputs.filter { $0.kind.glslType == .sampler2D }.map(\.name).sorted()
    }

    /// Pass targets and imported images are images too; the executor binds them by name.
    private static func otherImageUniforms(of header: ISFHeader) -> [String] {
        Array(Set(header.passes.compactMap(\.target) + header.imported.map(\.name))).sorted().map { "uniform sampler2D \($0);" }
    }

    /// Every image a shader can read: image inputs, pass targets and imported images.
    private static func imageNames(of header: ISFHeader) -> [String] {
        let names = header.inputs.filter { $0.kind.glslType == .sampler2D }.map(\.name)
            + header.passes.compactMap(\.target) + header.imported.map(\.name)
        return Array(Set(names)).sorted()
    }

    /// What ISF hosts declare beside each image: `_NAME_imgSize`, `_NAME_imgRect` (the part of the texture the
    /// image fills, in texture coordinates) and `_NAME_flip` (whether lookups must turn it over). Here every
    /// image fills its texture and the lookups already turn ISF's y-up coordinates into the stored order, so
    /// all three are properties of the texture alone: its size, the whole of it, and not flipped.
    private static func imageProperties(of header: ISFHeader) -> [String] {
        imageProperties(of: imageNames(of: header), spelling: { $0 }, size: textureSize)
    }

    /// The properties of each image in `names`: `spelling` gives each property's and image's name in the text,
    /// `size` the expression for an image's size.
    private static func imageProperties(of names: [String], spelling: (String) -> String, size: (String) -> String) -> [String] {
        names.flatMap { name in
            ["#define \(spelling("_\(name)_imgSize")) \(size(name))",
             "#define \(spelling("_\(name)_imgRect")) vec4(0.0, 0.0, 1.0, 1.0)",
             "#define \(spelling("_\(name)_flip")) false"]
        }
    }

    private static func textureSize(_ image: String) -> String { "vec2(textureSize(\(image), 0))" }
}

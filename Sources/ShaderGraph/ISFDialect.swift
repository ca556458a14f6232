/// ISF's conventions on top of GLSL ES 3.00. ISF shaders are written GLSL 1.x style (`gl_FragColor`,
/// `texture2D`, `varying`) against uniforms their header declares; the prelude declares those, ISF's
/// built-ins and its `IMG_*` lookups, and maps the 1.x names with `#define`, so the user's text compiles
/// unchanged. ISF's coordinates have y up (`gl_FragCoord`, `isf_FragNormCoord` and normalised image
/// coordinates all start at the bottom-left) where the workbench stores row 0 at the top: the prelude flips
/// them all, so images come out upright and procedural ones the right way up.
enum ISFDialect {
    /// The image input a lone ISF filter's live source feeds, by ISF's convention for filters.
    static let filterInput = "inputImage"

    /// What the workbench sets every frame (or, for `PASSINDEX`, every pass), with the GLSL declaration of each.
    static let builtIns: [(name: String, declaration: String)] = [
        ("TIME", "uniform float TIME;"),
        ("TIMEDELTA", "uniform float TIMEDELTA;"),
        ("RENDERSIZE", "uniform vec2 RENDERSIZE;"),
        ("PASSINDEX", "uniform int PASSINDEX;"),
        ("FRAMEINDEX", "uniform int FRAMEINDEX;"),
        ("DATE", "uniform vec4 DATE;"),
    ]

    static let lookups = ["IMG_PIXEL", "IMG_NORM_PIXEL", "IMG_THIS_PIXEL", "IMG_THIS_NORM_PIXEL", "IMG_SIZE"]

    /// Names an input, pass target or imported image may not take.
    static let builtInNames = Set(builtIns.map(\.name) + lookups + ["isf_FragNormCoord", "main", "texture", "texture2D"])

    /// The prefix of the prelude's own names.
    static let internalPrefix = "shaderbench"
    static let outputName = "shaderbenchFragColor"

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

    /// What an ISF vertex shader (`.vs`) is compiled after: the same uniforms as the fragment stage,
    /// `isf_vertShaderInit()` to place the vertex and set `isf_FragNormCoord` (y up, as ISF has it), and
    /// GLSL 1.x's `attribute`/`varying` mapped to 3.00.
    static func vertexPrelude(for header: ISFHeader) -> [String] {
        var lines = [
            "precision highp float;",
            "precision highp int;",
            "in vec2 \(VertexStage.positionAttribute);",
        ]
        lines += builtIns.map(\.declaration)
        lines += header.inputs.filter { $0.kind.glslType != .sampler2D }.map { "uniform \($0.kind.glslType) \($0.name);" }
        lines += [
            "vec2 isf_FragNormCoord;",
            // Clip y of -1 lands on row 0, the image's top, which is 1 in ISF's y-up coordinates.
            "void isf_vertShaderInit() {",
            "    gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0);",
            "    isf_FragNormCoord = vec2(\(VertexStage.positionAttribute).x * 0.5 + 0.5, 0.5 - \(VertexStage.positionAttribute).y * 0.5);",
            "}",
            "#define attribute in",
            "#define varying out",
        ]
        return lines
    }

    /// The declarations, lookups and mappings the user's text is compiled after. `writesFragColor`: the
    /// text assigns `gl_FragColor`, which then becomes the prelude's output; a text that declares its own
    /// `out` gets none from the prelude.
    static func prelude(for header: ISFHeader, writesFragColor: Bool) -> [String] {
        var lines = [
            "precision highp float;",
            "precision highp int;",
        ]
        lines += builtIns.map(\.declaration)
        lines += header.inputs.map { "uniform \($0.kind.glslType) \($0.name);" }
        // Pass targets and imported images are images too; the executor binds them by name.
        let otherImages = header.passes.compactMap(\.target) + header.imported.map(\.name)
        lines += Array(Set(otherImages)).sorted().map { "uniform sampler2D \($0);" }
        lines += [
            // Before the #defines below, so these read the real gl_FragCoord and texture.
            "vec4 \(internalPrefix)FragCoord() { return vec4(gl_FragCoord.x, RENDERSIZE.y - gl_FragCoord.y, gl_FragCoord.zw); }",
            "vec2 \(internalPrefix)FragNormCoord() { return \(internalPrefix)FragCoord().xy / RENDERSIZE; }",
            "vec4 IMG_NORM_PIXEL(sampler2D image, vec2 coordinate) { return texture(image, vec2(coordinate.x, 1.0 - coordinate.y)); }",
            "vec2 IMG_SIZE(sampler2D image) { return vec2(textureSize(image, 0)); }",
            "vec4 IMG_PIXEL(sampler2D image, vec2 pixel) { vec2 size = IMG_SIZE(image); return texture(image, vec2(pixel.x, size.y - pixel.y) / size); }",
            // This fragment's place, stretched over the image: the stored row order already matches the target's.
            "vec4 IMG_THIS_NORM_PIXEL(sampler2D image) { return texture(image, gl_FragCoord.xy / RENDERSIZE); }",
            "vec4 IMG_THIS_PIXEL(sampler2D image) { return texture(image, gl_FragCoord.xy / RENDERSIZE); }",
            "vec4 \(internalPrefix)Texture(sampler2D image, vec2 coordinate) { return IMG_NORM_PIXEL(image, coordinate); }",
            "vec4 \(internalPrefix)Texture(sampler2D image, vec2 coordinate, float bias) { return texture(image, vec2(coordinate.x, 1.0 - coordinate.y), bias); }",
            "#define texture2D \(internalPrefix)Texture",
            "#define texture \(internalPrefix)Texture",
            "#define gl_FragCoord \(internalPrefix)FragCoord()",
            "#define isf_FragNormCoord \(internalPrefix)FragNormCoord()",
            "#define varying in",
        ]
        if writesFragColor {
            lines += ["out vec4 \(outputName);", "#define gl_FragColor \(outputName)"]
        }
        return lines
    }
}

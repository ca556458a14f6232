import ShaderLanguage

extension DiagnosticCode {
    static let composition = [yamlSyntax, unknownKey, noNodes, wrongValue, unreadableFile, newerFormat, missingKey, keyDoesNotApply,
                              unknownNodeKind]

    public static let yamlSyntax = DiagnosticCode(
        1001, "the composition is not valid YAML",
        explanation: """
            The file could not be read as YAML, so nothing in it was loaded; the window keeps showing the last good \
            composition. The place given is where the YAML parser stopped, which is often just after the real \
            mistake: an unclosed bracket or quote, a tab used for indentation, or a key indented differently from \
            its neighbours.
            """,
        example: """
            nodes:
              fill: { kind: shader, file: fill.fsh      # the brace is never closed
            # fixed:
            nodes:
              fill: { kind: shader, file: fill.fsh }
            """)

    public static let unknownKey = DiagnosticCode(
        1002, "a key the workbench does not know",
        explanation: """
            A mapping (the composition's top level, a node, a control) has a key that means nothing there. It is \
            an error rather than ignored, because a misspelt key (`unifroms`) would otherwise silently leave its \
            values out. The message suggests the closest known key, or lists them all.
            """,
        example: """
            fill: { kind: shader, file: fill.fsh, unifroms: { level: 0.5 } }
            # fixed:
            fill: { kind: shader, file: fill.fsh, uniforms: { level: 0.5 } }
            """)

    public static let noNodes = DiagnosticCode(
        1003, "the composition has no nodes",
        explanation: """
            A composition is a graph of nodes under `nodes:`; without any there is nothing to draw. A ShaderToy \
            page's JSON opened as a composition says so too: `shaderbench import PAGE.json --out DIR` turns it \
            into one.
            """,
        example: """
            composition: 1
            output: fill
            # fixed:
            composition: 1
            nodes:
              fill: { kind: shader, file: fill.fsh }
            output: fill
            """)

    public static let unknownNodeKind = DiagnosticCode(
        2001, "a node of a kind the workbench does not have",
        explanation: """
            Each node names its kind (`image`, `camera`, `movie`, `shader`, a reduction such as `centroid`, a value \
            such as `lfo`, …). `shaderbench catalogue` and the guide's compositions page list them all; the \
            message suggests the closest. A shader node's `filter:` names one of the built-in filters in the same \
            way, as docs/filters.md lists them.
            """,
        example: """
            blur: { kind: shadr, file: blur.fsh }
            # fixed:
            blur: { kind: shader, file: blur.fsh }
            """)
}

extension DiagnosticCode {
    public static let wrongValue = DiagnosticCode(
        1004, "a value of the wrong kind for its key",
        explanation: """
            A key takes a particular kind of value: a mapping, text, true or false, a whole number in a range, a \
            size as `[width, height]` within the GPU's limits. The message says what the key takes and what it \
            found; quoting is only needed for text that would otherwise read as a number or a boolean.
            """,
        example: """
            size: 640x360
            # fixed:
            size: [640, 360]
            """)

    public static let newerFormat = DiagnosticCode(
        1006, "a composition written for a newer workbench",
        explanation: """
            `composition: N` says which version of the format the file is written in. This workbench reads \
            version 1; a later number comes from a newer workbench, whose keys and kinds this one may read \
            differently, so nothing in it is loaded. Update the workbench, or write the number this one reads if \
            the file uses nothing newer.
            """,
        example: """
            composition: 2
            # fixed:
            composition: 1
            """)

    public static let missingKey = DiagnosticCode(
        1007, "a node without a key its kind needs",
        explanation: """
            Every node has a `kind`, and most kinds need a key or two more: `file` for an image, a movie and a \
            shader, `files` for a sequence, `value` for a constant, `input` for a reduction or a pick, `key` for a \
            key node, an operation's operands (`values` to add, `a`, `b` and `t` to mix, …). The message names the \
            key and what it takes.
            """,
        example: """
            where: { kind: centroid }
            # fixed:
            where: { kind: centroid, input: mask }
            """)

    public static let keyDoesNotApply = DiagnosticCode(
        1008, "a key that does not apply to this node",
        explanation: """
            The key is one the workbench knows, but not for this node as it is: `file` and `filter` are two ways \
            of naming one shader, so a node takes one of them; `vertex` is for a plain GLSL shader (the other \
            dialects bring their own vertex stage, or none); `common` is a ShaderToy shader's Common code; `blur` \
            places GPUImage's `blurCoordinates`, so the shader must read them, an odd number of them for a box or \
            Gaussian blur.
            """,
        example: """
            warm: { kind: shader, file: warm.fsh, filter: warmth }
            # fixed:
            warm: { kind: shader, filter: warmth }
            """)
}

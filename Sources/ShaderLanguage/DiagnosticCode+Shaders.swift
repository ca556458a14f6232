extension DiagnosticCode {
    package static let shaders = [isfJSON, isfHeader, include, annotation, shaderToyPage]

    public static let isfJSON = DiagnosticCode(
        3001, "an ISF header that is not valid JSON",
        explanation: """
            An ISF shader opens with a JSON object in a comment (`/*{ … }*/`) that declares its inputs, passes and \
            images. The header could not be read as JSON: a missing colon, comma or quote, or an unclosed brace, \
            are the usual causes. The place given is where the JSON stopped reading, in the shader's own lines.
            """,
        example: """
            /*{ "INPUTS": [ { "NAME": "amount" "TYPE": "float" } ] }*/
            // fixed:
            /*{ "INPUTS": [ { "NAME": "amount", "TYPE": "float" } ] }*/
            """)

    public static let isfHeader = DiagnosticCode(
        3002, "an ISF header field that the ISF format does not allow",
        explanation: """
            The header is JSON, but a field is missing, of the wrong type or out of range for ISF: an input \
            without NAME or TYPE, an unknown TYPE, a DEFAULT of the wrong size, VALUES and LABELS that do not \
            pair up, a PASSES size that is not an expression. The message names the input and the field.
            """,
        example: """
            /*{ "INPUTS": [ { "NAME": "tint", "TYPE": "colour" } ] }*/
            // fixed:
            /*{ "INPUTS": [ { "NAME": "tint", "TYPE": "color" } ] }*/
            """)

    public static let include = DiagnosticCode(
        3003, "an #include that cannot be followed",
        explanation: """
            `#include "file"` is looked for beside the including file, then in the composition's `include:` \
            folders and `--include`'s. It must name a file in double quotes, found in one of those places, not \
            outside them, and not including itself again (a cycle).
            """,
        example: """
            #include <noise.glsl>
            // fixed:
            #include "noise.glsl"
            """)

    public static let annotation = DiagnosticCode(
        3004, "a parameter annotation that cannot be read",
        explanation: """
            A comment after a uniform can give its panel control a default, a range and a label: \
            `uniform float amount; // default: 0.5, range: 0...1, label: "Amount"`. A setting that is none of \
            those, a range not written minimum...maximum, or a value that is not a number is an error rather \
            than silently ignored. A comment that starts with anything else is just a comment.
            """,
        example: """
            uniform float amount; // range: 0 to 1
            // fixed:
            uniform float amount; // range: 0...1
            """)

    public static let shaderToyPage = DiagnosticCode(
        3005, "a ShaderToy page the import cannot take",
        explanation: """
            `shaderbench import PAGE.json` reads the JSON the site exports for one shader. The file is not valid \
            JSON, holds several shaders, has no Image pass, or a pass, input or sampler that the site would not \
            write. A warning says what is left out (sound and cube-map passes, channels bound to nothing).
            """,
        example: """
            [ { "info": { … }, "renderpass": [ … ] }, { "info": { … }, … } ]   # two shaders
            # fixed: export and import one shader at a time
            { "info": { … }, "renderpass": [ … ] }
            """)
}

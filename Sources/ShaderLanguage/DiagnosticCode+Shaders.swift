extension DiagnosticCode {
    package static let shaders = [isfJSON, isfHeader, include, annotation, shaderToyPage, varying, watch, vsCodeShaderToyDirective]

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
            pair up, a PASSES size that is not an expression. The message names the input and the field. A \
            uniform the header declares (or ISF itself, such as TIME) is not declared again in the code.
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
            those, a range not written minimum...maximum, a value that is not a number, or a default or bound \
            with another count of numbers than the uniform's type holds is an error rather than silently \
            ignored. A comment that starts with anything else is just a comment.
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

    public static let varying = DiagnosticCode(
        3006, "a varying the vertex stage does not write",
        explanation: """
            A shader without a vertex shader of its own is drawn with the workbench's vertex stage, which writes \
            GPUImage's varyings: `textureCoordinate` (and `textureCoordinate2` to `5`), `outputTextureCoordinate`, \
            the neighbours (`leftTextureCoordinate`, …) and the blurs' `varying vec2 blurCoordinates[N]`. A \
            varying it does not write would read nothing. An ISF shader's own varyings come from the `.vs` file \
            beside it.
            """,
        example: """
            varying vec2 texCoord;
            // fixed:
            varying vec2 textureCoordinate;
            """)

    public static let watch = DiagnosticCode(
        3007, "a watch that cannot be read",
        explanation: """
            A watch (`// watch: EXPRESSION` after a line, or one added in the window's panel) shows an \
            expression's value at that line. It must be on a line of the shader's own code, in a node drawn as a \
            pass of its own (not fused with its neighbours: `--no-fuse`), and the expression must compile at \
            that point. A watch whose line a save took away is dropped.
            """,
        example: """
            float level = texture2D(inputImageTexture, textureCoordinate).r; // watch: levle
            // fixed:
            float level = texture2D(inputImageTexture, textureCoordinate).r; // watch: level
            """)

    public static let vsCodeShaderToyDirective = DiagnosticCode(
        3008, "a VS Code Shader Toy directive the workbench cannot take",
        explanation: """
            A shader written for VS Code's Shader Toy extension names its channels and options in lines of its \
            own: `#iChannel0 "file://photo.png"`, `#iChannel0 "self"`, `#iChannel0::WrapMode "Clamp"`, \
            `#iKeyboard`, `#StrictCompatibility`, `#iUniform float amount = 1.0 in { 0.0, 5.0 }`. The line is \
            misspelt (a channel other than iChannel0 to iChannel9, a setting, value or type the extension does \
            not know, a path without quotes, a custom uniform with neither a value nor a range), or asks for \
            what the workbench cannot give: a remote address, sound or a cube map on a channel, the extension's \
            vertex shaders (`#iVertex`) or its fly camera (`#iFirstPersonControls`).
            """,
        example: """
            #iChannel0 "https://example.com/photo.jpg"
            #iChannel0::Wrap "Clamp"
            // fixed: the picture downloaded beside the shader, and the setting's own name
            #iChannel0 "file://photo.jpg"
            #iChannel0::WrapMode "Clamp"
            """)
}

/// VS Code's Shader Toy extension (stevensona/shader-toy) as its README and its WebGL 2 preview have it
/// (`vscode-shadertoy-prelude.frag.glsl`): ShaderToy's uniforms with ten channels and `iKeyboard`, the older
/// `iGlobalTime` and `iGlobalFrame`, and GLSL ES 1.00's `texture2D` and `gl_FragColor` beside GLSL ES 3.00's. A
/// shader defines `mainImage`, which the extension's `main` calls, or a `main` of its own that reads
/// `gl_FragCoord`; both have y up. What a file binds its channels to is in its directives
/// (`VSCodeShaderToyDirectives`).
package enum VSCodeShaderToyDialect {
    package static let channels = (0..<VSCodeShaderToyDirectives.channelCount).map { "iChannel\($0)" }
    /// The keyboard, as an image: the extension's, with a fourth row for the keys that went up.
    package static let keyboard = "iKeyboard"

    /// What the prelude gives a shader.
    static let names: Set<String> = Set(["iResolution", "iTime", "iTimeDelta", "iFrame", "iDate", "iChannelResolution", "iMouse", "iSampleRate",
                                         "iGlobalTime", "iGlobalFrame", "iMouseButton", "iViewMatrix", keyboard] + channels)
    /// What it gives that the ShaderToy site does not: a `mainImage` shader that uses one was written for the extension.
    static let ownNames: Set<String> = Set(["iGlobalTime", "iGlobalFrame", "iMouseButton", "iViewMatrix", keyboard]
                                            + channels.dropFirst(ShaderToyDialect.channels.count))

    /// Whether a shader with no directives was written for the extension: one that defines `mainImage` and uses
    /// a name only the extension gives, or one with a `main` of its own that uses a name the extension gives
    /// without declaring or defining it (no other host gives a `main` ShaderToy's uniforms).
    static func isUsed(_ tokens: [GLSLToken], declared: Set<String>, ownMain: Bool) -> Bool {
        let wanted = (ownMain ? names : ownNames).subtracting(declared)
        return tokens.contains { wanted.contains($0.text) }
    }

    /// Whether the extension adds its `main` that calls `mainImage`: when the file says `#StrictCompatibility`,
    /// or when it defines `void mainImage(out vec4 …, in vec2 …)` and no `void main()`, which is how the
    /// extension tells one from the other.
    static func callsMainImage(_ tokens: [GLSLToken], isStrict: Bool) -> Bool {
        if isStrict { return true }
        let texts = tokens.map(\.text)
        func defines(_ pattern: [String?]) -> Bool {
            texts.indices.contains { start in
                start + pattern.count <= texts.count && zip(pattern, texts[start...]).allSatisfy { expected, text in
                    expected.map { $0 == text } ?? (text.first.map { $0.isLetter || $0 == "_" } ?? false)
                }
            }
        }
        let ownMain = defines(["void", "main", "(", ")", "{"])
        let mainImage = defines(["void", "mainImage", "(", "out", "vec4", nil, ",", "in", "vec2", nil, ")", "{"])
            || defines(["void", "mainImage", "(", "out", "vec4", nil, ",", "vec2", nil, ")", "{"])
        return !ownMain && mainImage
    }

    /// The declarations and helpers the user's text is compiled after: the prelude, `samplers` (the channels it
    /// uses, and `iKeyboard`), and the keyboard's names for a shader that says `#iKeyboard`.
    static func prelude(samplers: [String], keyboard: Bool) -> [String] {
        DialectShaderFile.vsCodeShaderToyPrelude.lines + DialectShaderFile.yUpLookups.lines + samplers.map { "uniform sampler2D \($0);" }
            + (keyboard ? DialectShaderFile.vsCodeShaderToyKeyboard.lines : [])
    }

    /// The `main` that calls the user's `mainImage`.
    static var epilogue: [String] { DialectShaderFile.vsCodeShaderToyMain.lines }
}

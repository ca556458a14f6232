/// GPUImage 1's programmable blends read what their target held before they draw, `gl_LastFragData[0]`,
/// through EXT_shader_framebuffer_fetch. A pass whose shader does so draws over the image it drew the frame
/// before (transparent black at first), in a buffer of its own. Where the GPU lists the extension, the
/// shader runs as written with the extension enabled; elsewhere each `gl_LastFragData[0]` is rewritten to
/// read that image from a texture at the fragment's own pixel, so one file runs on both.
public enum FramebufferFetch {
    public static let extensionName = "GL_EXT_shader_framebuffer_fetch"
    static let builtIn = "gl_LastFragData"
    /// What `gl_LastFragData[0]` becomes without the extension: the fallback prelude's macro, padded to the
    /// length of what it replaces. Spelt the same in the GLSL.
    static let replacement = "shaderbenchFetched"
    /// The texture the fallback reads the target's previous contents from, and the target's size in
    /// pixels; spelt the same in the GLSL.
    public static let previousContentsSampler = "shaderbenchPreviousContents"
    public static let targetSizeUniform = "shaderbenchTargetSize"

    /// Whether `source` reads its target: it names `gl_LastFragData` (in its code or a macro) or enables
    /// the extension.
    static func isUsed(by source: SourceText, tokens: [GLSLToken]) -> Bool {
        if tokens.contains(where: { $0.text == builtIn }) { return true }
        return source.lines.contains { line in
            line.drop { $0 == " " || $0 == "\t" }.hasPrefix("#") && (line.contains(builtIn) || line.contains(extensionName))
        }
    }

    /// `lines` for a GPU without the extension: each `gl_LastFragData[0]` replaced, and each directive
    /// that enables the extension left blank, so every line keeps its number.
    static func withoutExtension(_ lines: [String]) -> [String] {
        lines.map { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#extension"), trimmed.contains(extensionName) { return "" }
            return line.replacing(#/gl_LastFragData\s*\[\s*0\s*\]/#) { match in
                replacement + String(repeating: " ", count: match.output.count - replacement.count)
            }
        }
    }
}

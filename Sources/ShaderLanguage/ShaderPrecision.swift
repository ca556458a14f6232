/// The precision floats and ints are computed at. Every dialect's home host computes at 32 bits whatever a
/// shader asks for: glslViewer and Bonzomatic run desktop OpenGL, where precision qualifiers mean nothing;
/// ShaderToy and GLSL Sandbox run in browsers, which on desktops compute `mediump` as `highp`; VVISF (ISF)
/// and GPUImage's desktop ports run desktop OpenGL, and desktop GPUs' GLES drivers compute `mediump` at 32
/// bits too. Only phones' GPUs and Mesa's software rasterizer compute `mediump` and `lowp` at 16, so a shader
/// written with `precision mediump float` for any of these hosts loses its hash noise and fine steps there.
public enum ShaderPrecision: String, Sendable, Hashable, CaseIterable {
    /// `lowp` and `mediump` computed as `highp` where the GPU has it, as the home hosts draw: the default.
    case full
    /// The qualifiers as written: what a phone's GPU would draw (on a GPU that computes `mediump` at 16 bits).
    case asWritten = "as-written"

    /// The words a composition's `precision:` and `--precision` take.
    public static var words: String { allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ") }
}

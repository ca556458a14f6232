/// Bonzomatic's conventions (the live-coding tool of demoparty shader showdowns): desktop GLSL 4.10 with its
/// own `main` writing `out vec4 out_color`, declaring what Bonzomatic sets: `fGlobalTime` in seconds,
/// `fFrameTime` (the last frame's duration), `v2Resolution` in pixels, the sound's spectrum three ways as
/// one-dimensional images (`texFFT`, `texFFTSmoothed`, `texFFTIntegrated`) and `texPreviousFrame`. GLSL ES has
/// no `sampler1D`: `bonzomatic-prelude.frag.glsl` makes each spectrum a one-row image read along x, and
/// `bottom-up-coordinates.frag.glsl` gives it y up, as Bonzomatic's GL has.
public enum BonzomaticDialect {
    /// The uniforms Bonzomatic sets every frame (or once, for the size), whichever the shader declares.
    package static let frameUniforms = ["fGlobalTime", "fFrameTime", "v2Resolution"]

    /// The image input that reads the pass's own previous frame.
    public static let previousFrame = "texPreviousFrame"

    /// The varying Bonzomatic's vertex shader passes on, which its shader template reads: the quad's texture
    /// coordinate, from (0, 0) at the bottom-left, y up.
    static let textureCoordinate = "out_texcoord"

    /// Bins across each spectrum, as many as Bonzomatic's.
    static let spectrumLength = 1024

    /// Bonzomatic's spectra by name: as analysed, smoothed over frames, and summed over frames.
    static let spectra: [String: SoundImageShape.Accumulation] = [
        "texFFT": .none, "texFFTSmoothed": .smoothed, "texFFTIntegrated": .integrated,
    ]

    /// Whether a shader with its own `main` is written for Bonzomatic: it declares what only Bonzomatic sets.
    static func isUsed(uniforms: [ShaderInterface.Declaration]) -> Bool {
        uniforms.contains { frameUniforms.contains($0.name) || spectra[$0.name] != nil || $0.name == previousFrame }
    }

    /// The sound image a spectrum input is fed as; nil for any other input.
    static func soundShape(of sampler: String) -> SoundImageShape? {
        spectra[sampler].map { SoundImageShape(content: .spectrum, length: spectrumLength, accumulation: $0) }
    }

    /// Its spectra are declared `sampler1D`; here they are image inputs like any other.
    static func readingSpectraAsImages(_ uniforms: [ShaderInterface.Declaration]) -> [ShaderInterface.Declaration] {
        uniforms.map { declaration in
            var declaration = declaration
            if declaration.type == .other("sampler1D") { declaration.type = .sampler2D }
            return declaration
        }
    }
}

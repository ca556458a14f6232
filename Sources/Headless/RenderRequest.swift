import Media
import ShaderGraph
import ShaderLanguage

/// What `shaderbench render` was asked to do.
public struct RenderRequest: Sendable {
    public var composition: String
    /// The shaders named after a model file (`render head.ply lit.frag`).
    public var stages: [String] = []
    public var input: LiveInput?
    public var output: RenderDestination
    /// nil: the live movie's length from `start` (see `RenderTimeline`), else one frame.
    public var frames: Int?
    /// nil: the live movie's own rate, else 30 fps.
    public var frameRate: MovieSettings.FrameRate?
    /// The index of the first frame; frame k is at time k / rate whatever range is rendered.
    public var start: Int
    public var size: PixelSize?
    /// `--set`: published parameters given on the command line.
    public var overrides: [ParameterOverride]
    /// `--values`: where to write every value node's result per frame, as JSON lines.
    public var valuesPath: String?
    /// Whether shaders that read `gl_LastFragData` may fetch it where the driver lists the extension;
    /// `--without-framebuffer-fetch` draws as a GPU without it does.
    public var framebufferFetch = true
    /// `--include`: folders where shaders' `#include`s are looked for.
    public var includeFolders: [String] = []
    /// `--no-fuse`: every shader node drawn as a pass of its own.
    public var fusing = true
    /// `--precision`: what shaders compute at, over the composition's `precision:`.
    public var precision: ShaderPrecision?
    /// `--mouse`: where the pointer rests over the output, in its pixels with y up; nil as if it never came.
    public var pointerPosition: SIMD2<Float>?

    public init(composition: String, input: LiveInput? = nil, output: RenderDestination, frames: Int? = nil, frameRate: MovieSettings.FrameRate? = nil,
                start: Int = 0, size: PixelSize? = nil, overrides: [ParameterOverride] = [], valuesPath: String? = nil) {
        self.overrides = overrides
        self.valuesPath = valuesPath
        self.composition = composition
        self.input = input
        self.output = output
        self.frames = frames
        self.frameRate = frameRate
        self.start = start
        self.size = size
    }
}

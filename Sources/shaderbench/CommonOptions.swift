import ArgumentParser
import ShaderGraph
import ShaderLanguage

/// The options every verb that opens a composition shares.
struct CompositionOptions: ParsableArguments {
    @Argument(help: "A composition (.yaml, .json), a fragment shader (.fsh, .frag, .fs, .glsl), a compute kernel (.comp) or a model file (.obj, .ply, .stl, .gltf, .glb, .fbx, …).")
    var composition: String

    @Argument(help: ArgumentHelp("After a model file, its fragment shader and vertex shader, either or both, as glslViewer takes them.", valueName: "shader"))
    var stages: [String] = []

    @Option(help: ArgumentHelp("The live source: an image or movie path, a stream's URL (udp://, srt://, rtsp:// and others), 'pattern', 'camera' or 'camera:DEVICE'; replaces the composition's live source node.", valueName: "SOURCE"))
    var input: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a published parameter, e.g. --set threshold=0.2 or --set targetColor=0.1,0.8,0.2 (repeatable).", valueName: "NAME=VALUE"))
    var settings: [ParameterOverride] = []

    @Option(name: .customLong("include"), help: ArgumentHelp("A folder where shaders' #include \"path\" is looked for after the including file's own (repeatable).", valueName: "DIR"))
    var includeFolders: [String] = []

    @Flag(name: .customLong("no-fuse"), help: "Draw every shader node as a pass of its own, as 'fuse: false' in the composition does, instead of drawing chains of colour filters as one program.")
    var noFuse = false

    @Option(help: ArgumentHelp("What shaders compute at: 'full' (the default), lowp and mediump as highp as every dialect's home host computes them; 'as-written', each qualifier as a phone's GPU computes it. Wins over the composition's 'precision:'.", valueName: "PRECISION"))
    var precision: ShaderPrecision?

    var liveInput: LiveInput? { input.map(LiveInput.init(parsing:)) }
}

extension ShaderPrecision: ExpressibleByArgument {}

/// Parses `NAME=VALUE` for `--set`.
extension ParameterOverride: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}

enum ExitCodes {
    /// Problems in the user's files.
    static let diagnostics: Int32 = 1
    /// The GPU, the driver or the file system failed.
    static let failure: Int32 = 3
}

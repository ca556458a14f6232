import ShaderGraph

/// How the window was asked to open.
public struct WorkbenchOptions: Sendable {
    public var path: String
    public var input: LiveInput?
    /// Where to write the JSON-lines trace of the reload loop, if anywhere.
    public var tracePath: String?
    /// `--set`: published parameters given on the command line, applied at every load.
    public var overrides: [ParameterOverride]
    /// `--include`: folders where shaders' `#include`s are looked for.
    public var includeFolders: [String]
    /// `--mute`: no movie's soundtrack is played.
    public var mute: Bool

    public init(path: String, input: LiveInput? = nil, tracePath: String? = nil, overrides: [ParameterOverride] = [],
                includeFolders: [String] = [], mute: Bool = false) {
        self.includeFolders = includeFolders
        self.path = path
        self.input = input
        self.tracePath = tracePath
        self.overrides = overrides
        self.mute = mute
    }
}

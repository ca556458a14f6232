import ShaderGraph
import ShaderLanguage

/// How the window was asked to open.
public struct WorkbenchOptions: Sendable {
    public var path: String
    /// The shaders named after a model file (`shaderbench head.ply lit.frag`).
    public var stages: [String] = []
    public var input: LiveInput?
    /// Where to write the JSON-lines trace of the reload loop, if anywhere.
    public var tracePath: String?
    /// `--set`: published parameters given on the command line, applied at every load.
    public var overrides: [ParameterOverride]
    /// `--include`: folders where shaders' `#include`s are looked for.
    public var includeFolders: [String]
    /// `--mute`: no movie's soundtrack is played.
    public var mute: Bool
    /// `--osc PORT`: the UDP port to listen on for OSC messages that tune parameters and drive the window.
    public var oscPort: Int?
    /// `--midi CLIENT:PORT`: the ALSA sequencer port connected to the window's MIDI input at start.
    public var midiSource: String?
    /// `--output v4l2:DEVICE`: the V4L2 video output (a path, or `auto`) the image shown is written to.
    public var videoOutput: String?
    /// `--output pipewire:NAME`: the name of the PipeWire camera node the image shown is published as.
    public var pipewireOutput: String?
    /// `--no-fuse`: every shader node drawn as a pass of its own.
    public var fusing = true
    /// `--precision`: what shaders compute at, over the composition's `precision:`.
    public var precision: ShaderPrecision?
    /// `--record-to URL`: the network stream V records to, instead of a movie file.
    public var recordTarget: String?

    public init(path: String, input: LiveInput? = nil, tracePath: String? = nil, overrides: [ParameterOverride] = [],
                includeFolders: [String] = [], mute: Bool = false, oscPort: Int? = nil, videoOutput: String? = nil) {
        self.includeFolders = includeFolders
        self.videoOutput = videoOutput
        self.oscPort = oscPort
        self.path = path
        self.input = input
        self.tracePath = tracePath
        self.overrides = overrides
        self.mute = mute
    }
}

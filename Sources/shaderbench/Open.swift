import ArgumentParser
import Headless
import Media
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import Workbench

/// Opens the live window on a composition, the default one when none is named.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a composition in a live window that reloads on every save (the default composition when none is given).",
        discussion: "In the window, H lists every key (docs/window.md has the same table): Space pauses, R reloads, P opens the parameter panel, I the pixel readout, Esc or Q quits."
    )

    @Argument(help: "A composition, fragment shader, compute kernel or model file; default: compositions/default.yaml.")
    var composition: String?

    @Argument(help: ArgumentHelp("After a model file, its fragment shader and vertex shader, either or both, as glslViewer takes them.", valueName: "shader"))
    var stages: [String] = []

    @Option(help: ArgumentHelp("The live source: an image or movie path, a stream's URL (udp://, srt://, rtsp:// and others), 'pattern', 'camera' or 'camera:DEVICE'.", valueName: "SOURCE"))
    var input: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a published parameter, e.g. --set threshold=0.2 (repeatable).", valueName: "NAME=VALUE"))
    var settings: [ParameterOverride] = []

    @Option(name: .customLong("include"), help: ArgumentHelp("A folder where shaders' #include \"path\" is looked for after the including file's own (repeatable).", valueName: "DIR"))
    var includeFolders: [String] = []

    @Option(help: ArgumentHelp("Write one JSON line per reload-loop event (monotonic seconds) to FILE.", valueName: "FILE"))
    var trace: String?

    @Option(help: ArgumentHelp("Listen for OSC messages on UDP port PORT: /NODE/PARAMETER value… sets a published parameter; /shaderbench/reload, /shaderbench/pause, /shaderbench/play, /shaderbench/show NODE, /shaderbench/midi MIDI….", valueName: "PORT"))
    var osc: Int?

    @Option(help: ArgumentHelp("Connect the ALSA sequencer port CLIENT:PORT (numbers or names, as aconnect -i lists them) to the window's MIDI input, whose controls: play published parameters.", valueName: "CLIENT:PORT"))
    var midi: String?

    @Option(help: ArgumentHelp("Send the image shown to a camera other programs read: pipewire:NAME publishes a PipeWire camera node (pipewire alone names it shaderbench), v4l2:/dev/videoN writes a V4L2 video output, or v4l2 the first (v4l2loopback makes one: sudo modprobe v4l2loopback exclusive_caps=1).", valueName: "pipewire:NAME|v4l2:DEVICE"))
    var output: String?

    @Option(name: .customLong("record-to"), help: ArgumentHelp("What V records to instead of a movie file: a network stream, sent live (udp://HOST:PORT or srt://HOST:PORT?mode=caller as MPEG-TS, rtmp://…, rtsp://…).", valueName: "URL"))
    var recordTo: String?

    @Flag(help: "Play no sound: a movie's soundtrack is not played and ALSA's output is never opened.")
    var mute = false

    @Flag(name: .customLong("no-fuse"), help: "Draw every shader node as a pass of its own, as 'fuse: false' in the composition does, instead of drawing chains of colour filters as one program.")
    var noFuse = false

    @Option(help: ArgumentHelp("What shaders compute at: 'full' (the default), lowp and mediump as highp as every dialect's home host computes them; 'as-written', each qualifier as a phone's GPU computes it. Wins over the composition's 'precision:'.", valueName: "PRECISION"))
    var precision: ShaderPrecision?

    func validate() throws {
        _ = try cameraOutput()
        if let recordTo {
            guard MovieSettings.isStream(recordTo) else {
                throw ValidationError("--record-to \(recordTo): the window records to a stream's URL (udp://, srt://, rtmp:// or rtsp://); without the option V writes a movie file")
            }
            guard !recordTo.contains("mode=listener") else {
                throw ValidationError("--record-to \(recordTo): the window does not wait for a receiver to call it; let the receiver listen and call it (mode=caller)")
            }
        }
        if let osc, !(1...65535).contains(osc) { throw ValidationError("--osc \(osc): a UDP port is 1 to 65535") }
    }

    /// `--output`'s camera: a V4L2 device (a path, or `auto` for the first video output) or a PipeWire node's
    /// name; nil without the option.
    private func cameraOutput() throws -> RenderDestination? {
        guard let output else { return nil }
        switch RenderDestination(parsingOutput: output) {
        case let destination? where destination.isCamera: return destination
        default: throw ValidationError(RenderDestination.outputUsage)
        }
    }

    func run() throws {
        guard let path = composition ?? DefaultComposition.locate() else {
            throw ValidationError("no composition given and \(DefaultComposition.relativePath) was not found here or beside the executable")
        }
        let camera = try cameraOutput()
        do {
            var options = WorkbenchOptions(path: path, input: input.map(LiveInput.init(parsing:)), tracePath: trace,
                                           overrides: settings, includeFolders: includeFolders, mute: mute, oscPort: osc)
            if case .videoDevice(let device)? = camera { options.videoOutput = device }
            if case .pipewireCamera(let name)? = camera { options.pipewireOutput = name }
            options.stages = stages
            options.fusing = !noFuse
            options.precision = precision
            options.midiSource = midi
            options.recordTarget = recordTo
            try Workbench.run(options)
        } catch {
            StandardStreams.error(error.description + "\n")
            throw ExitCode(ExitCodes.failure)
        }
    }
}

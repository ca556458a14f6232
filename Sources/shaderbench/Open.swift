import ArgumentParser
import OperatingSystem
import ShaderGraph
import Workbench

/// Opens the live window on a composition, the default one when none is named.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a composition in a live window that reloads on every save (the default composition when none is given).",
        discussion: "Keys: Space pause, R reload, S screenshot, Tab next node, F fullscreen, H help, Esc or Q quit."
    )

    @Argument(help: "A composition or fragment shader; default: compositions/default.yaml.")
    var composition: String?

    @Option(help: ArgumentHelp("The live source: an image or movie path, 'pattern', 'camera' or 'camera:DEVICE'.", valueName: "SOURCE"))
    var input: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a published parameter, e.g. --set threshold=0.2 (repeatable).", valueName: "NAME=VALUE"))
    var settings: [ParameterOverride] = []

    @Option(help: ArgumentHelp("Write one JSON line per reload-loop event (monotonic seconds) to FILE.", valueName: "FILE"))
    var trace: String?

    @Option(help: ArgumentHelp("Listen for OSC messages on UDP port PORT: /NODE/PARAMETER value… sets a published parameter; /shaderbench/reload, /shaderbench/pause, /shaderbench/play, /shaderbench/show NODE.", valueName: "PORT"))
    var osc: Int?

    @Flag(help: "Play no sound: a movie's soundtrack is not played and ALSA's output is never opened.")
    var mute = false

    func validate() throws {
        if let osc, !(1...65535).contains(osc) { throw ValidationError("--osc \(osc): a UDP port is 1 to 65535") }
    }

    func run() throws {
        guard let path = composition ?? DefaultComposition.locate() else {
            throw ValidationError("no composition given and \(DefaultComposition.relativePath) was not found here or beside the executable")
        }
        do {
            try Workbench.run(WorkbenchOptions(path: path, input: input.map(LiveInput.init(parsing:)), tracePath: trace,
                                               overrides: settings, mute: mute, oscPort: osc))
        } catch {
            StandardStreams.error(error.message + "\n")
            throw ExitCode(ExitCodes.failure)
        }
    }
}

import ArgumentParser
import Headless
import ShaderGraph

/// Renders one frame of a composition (the default one when none is named) and says where it went.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame of a composition to a PNG and print its path (the default composition when none is given)."
    )

    @Argument(help: "A composition or fragment shader; default: compositions/default.yaml.")
    var composition: String?

    @Option(help: ArgumentHelp("The live source: an image path or 'pattern'.", valueName: "SOURCE"))
    var input: String?

    @Option(name: .long, help: "Where to write the PNG.")
    var out: String = "shaderbench-output/preview.png"

    func run() throws {
        guard let path = composition ?? DefaultComposition.locate() else {
            throw ValidationError("no composition given and \(DefaultComposition.relativePath) was not found here or beside the executable")
        }
        let request = RenderRequest(composition: path, input: input.map(LiveInput.init(parsing:)),
                                    output: try OutputPattern(out))
        do {
            let written = try RenderJob.run(request, progress: ProgressReporter(style: .silent))
            StandardStreams.output("rendered \(path) → \(written[0])\n")
        } catch {
            StandardStreams.error(error.description + "\n")
            if case .diagnostics = error { throw ExitCode(ExitCodes.diagnostics) }
            throw ExitCode(ExitCodes.failure)
        }
    }
}

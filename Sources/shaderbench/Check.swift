import ArgumentParser
import Headless
import OperatingSystem

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a composition and compile all its shaders headless; exit 1 on any error.",
        discussion: "Errors print as file:line:col: error: message, with the line and a caret, for editors' quickfix lists."
    )

    @OptionGroup var options: CompositionOptions

    @Flag(help: "Also print the frame plan: each step in drawing order, what it reads (reads of only its own pixel marked), and the shader passes that could be drawn as one program.")
    var plan = false

    func run() throws {
        let report = CheckJob.run(composition: options.composition, stages: options.stages, input: options.liveInput, overrides: options.settings,
                                  includeFolders: options.includeFolders, fusing: !options.noFuse,
                                  precision: options.precision)
        for diagnostic in report.diagnostics {
            StandardStreams.error(diagnostic.rendered() + "\n")
        }
        guard report.passed else {
            let count = report.diagnostics.filter { $0.severity == .error }.count
            StandardStreams.error("\(count) error\(count == 1 ? "" : "s")\n")
            throw ExitCode(ExitCodes.diagnostics)
        }
        StandardStreams.output("\(options.composition): ok (\(report.shaderCount) shader\(report.shaderCount == 1 ? "" : "s") compiled)\n")
        if plan, let text = report.plan { StandardStreams.output(text) }
    }
}

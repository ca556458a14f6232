import ArgumentParser
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// What a diagnostic code means, with an example fix, as `rustc --explain` does.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a diagnostic code (SB4004): what the problem is, and an example of it fixed.",
        discussion: "Without a code, lists every code with its title. docs/diagnostics.md has them all."
    )

    @Argument(help: "A code as messages print it, e.g. SB4004.")
    var code: String?

    @Flag(help: "Write the page of every code (docs/diagnostics.md) to standard output.")
    var markdown = false

    func run() throws {
        if markdown {
            StandardStreams.output(DiagnosticCode.markdown)
            return
        }
        guard let code else {
            for known in DiagnosticCode.all { StandardStreams.output("\(known)  \(known.title)\n") }
            return
        }
        guard let known = DiagnosticCode.named(code) else {
            // A code no message prints is the command line's mistake, not a failure of the workbench.
            let range = DiagnosticCode.all.first.map { "\($0) to \(DiagnosticCode.all.last ?? $0)" } ?? "none"
            throw ValidationError("no diagnostic code \(code); the codes run \(range), and `shaderbench explain` lists them with their titles")
        }
        StandardStreams.output(known.explained)
    }
}

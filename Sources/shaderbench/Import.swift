import ArgumentParser
import Headless
import OperatingSystem

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a ShaderToy page's JSON into a composition with one shader file per pass.",
        discussion: """
            PAGE is the JSON the site exports for a shader (its API's Shader object). The composition and the files \
            are written into DIR, which must not hold them already; what the workbench does differently from the \
            site is printed as warnings located in the page.
            """
    )

    @Argument(help: ArgumentHelp("The page's JSON file.", valueName: "PAGE"))
    var page: String

    @Option(name: .long, help: ArgumentHelp("The folder to write the composition and its files into.", valueName: "DIR"))
    var out: String

    func run() throws {
        do {
            let (composition, notes) = try ShaderToyImportJob.run(page: page, into: out)
            for note in notes { StandardStreams.error(note.rendered() + "\n") }
            StandardStreams.output("wrote \(composition)\n")
        } catch {
            StandardStreams.error(error.description + "\n")
            if case .diagnostics = error { throw ExitCode(ExitCodes.diagnostics) }
            throw ExitCode(ExitCodes.failure)
        }
    }
}

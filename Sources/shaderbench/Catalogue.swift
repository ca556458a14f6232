import ArgumentParser
import Headless
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Regenerates the filter library's documentation page and thumbnails.
struct Catalogue: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a Markdown page documenting every filter in a shader folder, with a thumbnail of each.",
        discussion: "Run it from the checkout after changing a filter; the same shaders always give the same files."
    )

    @Option(help: ArgumentHelp("The folder of filters (*.fsh).", valueName: "DIR"))
    var shaders = "shaders"

    @Option(help: ArgumentHelp("The Markdown page to write.", valueName: "FILE"))
    var out = "docs/filters.md"

    @Option(help: ArgumentHelp("The folder for the thumbnails, one NAME.png per filter.", valueName: "DIR"))
    var thumbnails = "docs/filters/"

    @Option(help: ArgumentHelp("The image every filter is shown on.", valueName: "FILE"))
    var photo = "images/landscape.jpg"

    @Option(help: ArgumentHelp("Thumbnail size.", valueName: "WxH"), transform: { text in try PixelSize(parsing: text) })
    var size = PixelSize(width: 160, height: 100)

    func run() throws {
        let request = CatalogueRequest(shaders: shaders, page: out, thumbnails: thumbnails, photo: photo, size: size)
        do {
            let entries = try FilterCatalogue.run(request, progress: .automatic())
            StandardStreams.output("wrote \(out): \(entries.count) filter\(entries.count == 1 ? "" : "s"), thumbnails in \(thumbnails)\n")
        } catch {
            StandardStreams.error(error.description + "\n")
            if case .diagnostics = error { throw ExitCode(ExitCodes.diagnostics) }
            throw ExitCode(ExitCodes.failure)
        }
    }
}

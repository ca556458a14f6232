import ArgumentParser
import Headless
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Regenerates the gallery of example compositions.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a Markdown page showing every composition in a folder, each drawn by the workbench.",
        discussion: "Run it from the checkout after changing an example; the same compositions always give the same files."
    )

    @Option(help: ArgumentHelp("The folder of compositions (*.yaml, in it and its folders).", valueName: "DIR"))
    var compositions = "compositions"

    @Option(help: ArgumentHelp("The Markdown page to write.", valueName: "FILE"))
    var out = "docs/gallery.md"

    @Option(help: ArgumentHelp("The folder for the pictures, one NAME.png per composition.", valueName: "DIR"))
    var images = "docs/gallery/"

    @Option(help: ArgumentHelp("Picture size.", valueName: "WxH"), transform: { text in try PixelSize(parsing: text) })
    var size = PixelSize(width: 320, height: 180)

    @Option(help: ArgumentHelp("The frame shown, at 30 a second.", valueName: "K"))
    var frame = 45

    func run() throws {
        let request = GalleryRequest(compositions: compositions, page: out, images: images, size: size, frame: frame)
        do {
            let names = try Gallery.run(request, progress: .automatic())
            StandardStreams.output("wrote \(out): \(names.count) composition\(names.count == 1 ? "" : "s"), pictures in \(images)\n")
        } catch {
            StandardStreams.error(error.description + "\n")
            if case .diagnostics = error { throw ExitCode(ExitCodes.diagnostics) }
            throw ExitCode(ExitCodes.failure)
        }
    }
}

import ArgumentParser
import Export
import OperatingSystem

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a composition as library code: a Swift class on ShaderbenchKit, or a C99 header and source.",
        discussion: """
            The code embeds every shader and draws the same pixels as `shaderbench render` at the render size. \
            Image, camera and movie nodes become inputs the app feeds as textures; published parameters become \
            typed properties or setters. Compute nodes run in both exports, on an OpenGL ES 3.1 context. Nodes \
            that read files while running (sequences, ISF IMPORTED images) are refused, each at its line.
            """
    )

    @Argument(help: "A composition (.yaml, .json) or a fragment shader (.fsh, .frag, .fs, .glsl), as the other commands take.")
    var composition: String

    @Option(name: .customLong("swift"), help: ArgumentHelp("Write <Name>.swift and a README snippet into DIR.", valueName: "DIR"))
    var swiftDirectory: String?

    @Option(name: .customLong("c"), help: ArgumentHelp("Write <name>.h, <name>.c and <name>-README.md into DIR.", valueName: "DIR"))
    var cDirectory: String?

    @Option(help: "The type (Swift) or prefix (C) to use; the composition's file name by default.")
    var name: String?

    func validate() throws {
        guard (swiftDirectory == nil) != (cDirectory == nil) else {
            throw ValidationError("give one of --swift DIR or --c DIR")
        }
    }

    func run() throws {
        let (language, directory): (Exporter.Language, String) = if let swiftDirectory { (.swift, swiftDirectory) } else { (.c, cDirectory ?? ".") }
        do {
            let written = try Exporter.export(composition: composition, as: language, into: directory, name: name)
            for warning in written.warnings { StandardStreams.error(warning.rendered() + "\n") }
            for file in written.files { StandardStreams.output("wrote \(file)\n") }
        } catch {
            for diagnostic in error.diagnostics { StandardStreams.error(diagnostic.rendered() + "\n") }
            throw ExitCode(ExitCodes.diagnostics)
        }
    }
}

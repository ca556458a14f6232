import ArgumentParser

@main
struct Shaderbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shaderbench",
        abstract: "A shader prototyping workbench: node graphs of cameras, images, patterns and fragment shaders.",
        discussion: """
            A COMPOSITION is a YAML (or JSON) node graph, or a single fragment shader file \
            (.fsh, .frag, .fs, .glsl) or compute kernel (.comp) fed by the live source.
            """,
        version: ShaderbenchVersion.current,
        subcommands: [Open.self, Render.self, Check.self, Inspect.self, Graph.self, Import.self, Export.self, Catalogue.self, GalleryCommand.self, Devices.self, Explain.self],
        defaultSubcommand: Open.self
    )

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let commands = configuration.subcommands.map { $0._commandName }
        if let unknown = UnknownCommand.error(in: arguments, commands: commands) {
            exit(withError: unknown)
        }
        main(arguments)
    }
}

import ArgumentParser
import Headless
import OperatingSystem
import ShaderGraph
import ShaderLanguage

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a composition's node graph as SVG, or as Graphviz DOT, laid out as the window's graph view lays it out.",
        discussion: """
            Each node is a box with its name, its kind and file and a port for each input; each wire runs from a \
            node's output to the input it feeds, left to right, feedback (last frame's image) dashed back. The \
            output is outlined, chains drawn as one program are framed, and nodes that nothing the output needs \
            reads are faded. DOT carries each node's place as pos: 'neato -n2 -Tsvg' keeps it, 'dot -Tsvg' lays \
            the graph out again.
            """
    )

    @Argument(help: "A composition (.yaml, .json), a fragment shader (.fsh, .frag, .fs, .glsl) or a compute kernel (.comp), as the other commands take.")
    var composition: String

    @Option(help: ArgumentHelp("Where to write the drawing; default: standard output. A .dot or .gv file is written as DOT.", valueName: "FILE"))
    var out: String?

    @Flag(help: "Write Graphviz DOT instead of SVG.")
    var dot = false

    func run() throws {
        let opened: Composition
        do {
            opened = try CompositionOpener.open(path: composition)
        } catch {
            for diagnostic in error.diagnostics { StandardStreams.error(diagnostic.rendered() + "\n") }
            throw ExitCode(ExitCodes.diagnostics)
        }
        for warning in opened.warnings { StandardStreams.error(warning.rendered() + "\n") }
        let drawing = GraphDrawing(opened)
        let asDOT = dot || out.map { $0.hasSuffix(".dot") || $0.hasSuffix(".gv") } ?? false
        let text = asDOT ? GraphDOT.text(of: drawing) : GraphSVG.text(of: drawing)
        guard let out else {
            StandardStreams.output(text)
            return
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: out)
        } catch {
            StandardStreams.error("\(out): \(error)\n")
            throw ExitCode(ExitCodes.failure)
        }
        let (nodes, wires) = (drawing.layout.boxes.count, drawing.layout.edges.count)
        StandardStreams.output("wrote \(out): \(nodes) node\(nodes == 1 ? "" : "s"), \(wires) wire\(wires == 1 ? "" : "s")\n")
    }
}

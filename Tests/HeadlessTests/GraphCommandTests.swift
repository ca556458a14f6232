import Foundation
import FoundationXML
import ShaderGraph
import TestSupport
import Testing

@Suite("shaderbench graph")
struct GraphCommandTests {
    static let compositions = Repository.compositions.map { "compositions/" + $0 }

    /// The wires a composition has, counted from its nodes' inputs.
    static func wireCount(_ relative: String) throws -> (nodes: Int, wires: Int) {
        let composition = try CompositionOpener.open(path: Repository.path(relative))
        let names = Set(composition.nodes.map(\.name))
        let wires = composition.nodes.flatMap { $0.inputs }.filter { names.contains($0.wire.node) }
        return (composition.nodes.count, wires.count)
    }

    @Test("the SVG is well formed XML with one node group per node and one wire path per wire", arguments: compositions)
    func svg(relative: String) throws {
        let folder = try TemporaryFolder()
        let out = folder.file("graph.svg")
        let result = try runShaderbench(["graph", relative, "--out", out])
        #expect(result.status == 0, "\(result.error)")
        let expected = try Self.wireCount(relative)
        #expect(result.output == "wrote \(out): \(expected.nodes) node\(expected.nodes == 1 ? "" : "s"), \(expected.wires) wire\(expected.wires == 1 ? "" : "s")\n")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: out))
        let nodes = try document.nodes(forXPath: "//*[local-name()='g'][contains(concat(' ', @class, ' '), ' node ')]")
        let wires = try document.nodes(forXPath: "//*[local-name()='path'][contains(concat(' ', @class, ' '), ' wire ')]")
        #expect(nodes.count == expected.nodes)
        #expect(wires.count == expected.wires)
        let outputs = try document.nodes(forXPath: "//*[local-name()='g'][contains(concat(' ', @class, ' '), ' output ')]")
        #expect(outputs.count == 1)
    }

    @Test("standard output gets the same SVG, and the same composition always writes the same bytes")
    func standardOutput() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("tour.svg")
        _ = try runShaderbench(["graph", "compositions/tour.yaml", "--out", out])
        let printed = try runShaderbench(["graph", "compositions/tour.yaml"])
        #expect(printed.status == 0)
        #expect(printed.output == (try String(contentsOfFile: out, encoding: .utf8)))
        #expect(printed.output.hasPrefix("<?xml"))
    }

    @Test("Graphviz reads the DOT: neato -n2 keeps each node where the workbench placed it, and dot lays it out again")
    func dot() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("graph.dot")
        let result = try runShaderbench(["graph", "compositions/color-tracking.yaml", "--out", out])
        #expect(result.status == 0, "\(result.error)")
        let plain = try runProcess("/usr/bin/neato", ["-n2", "-Tplain", out], in: folder.path)
        #expect(plain.status == 0, "\(plain.error)")
        // `node NAME X Y …` in inches, y up from the bottom.
        let placed = plain.output.split(separator: "\n").filter { $0.hasPrefix("node ") }.map { $0.split(separator: " ") }
        let layout = GraphLayout(try CompositionOpener.open(path: Repository.path("compositions/color-tracking.yaml")))
        #expect(placed.count == layout.boxes.count)
        // Graphviz moves the drawing so its corner is at the origin: places are compared from the first node's.
        func centre(_ box: GraphLayout.Box) -> (x: Double, y: Double) {
            (box.origin.x + box.width / 2, layout.height - box.origin.y - box.height / 2)
        }
        let first = try #require(placed.first)
        let origin = (graphviz: (x: Double(first[2])! * 72, y: Double(first[3])! * 72), workbench: centre(try #require(layout.box(named: String(first[1])))))
        for fields in placed {
            let box = try #require(layout.box(named: String(fields[1])))
            let (x, y) = (Double(fields[2])! * 72 - origin.graphviz.x, Double(fields[3])! * 72 - origin.graphviz.y)
            #expect(abs(x - (centre(box).x - origin.workbench.x)) < 1, "\(box.name)")
            #expect(abs(y - (centre(box).y - origin.workbench.y)) < 1, "\(box.name)")
        }
        let edges = plain.output.split(separator: "\n").filter { $0.hasPrefix("edge ") }
        #expect(edges.count == layout.edges.count)
        let laidOut = try runProcess("/usr/bin/dot", ["-Tsvg", out], in: folder.path)
        #expect(laidOut.status == 0, "\(laidOut.error)")
        #expect(try runShaderbench(["graph", "compositions/tour.yaml", "--dot"]).output.hasPrefix("digraph \"tour.yaml\" {"))
    }

    @Test("a composition that does not load is an error at its line, and nothing is written")
    func brokenComposition() throws {
        let folder = try TemporaryFolder()
        let composition = try folder.write("broken.yaml", "nodes:\n  a: { kind: pattern }\n  b: { kind: average, input: nowhere }\noutput: a\n")
        let out = folder.file("graph.svg")
        let result = try runShaderbench(["graph", composition, "--out", out])
        #expect(result.status == 1)
        #expect(result.error.contains("broken.yaml:3:30: error: no node named 'nowhere'"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

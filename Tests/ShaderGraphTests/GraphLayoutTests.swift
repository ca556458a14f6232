import Foundation
@testable import ShaderGraph
import ShaderLanguage
import TestSupport
import Testing

@Suite("Laying out a composition's graph")
struct GraphLayoutTests {
    /// Every composition the project ships, by path.
    static let shipped: [String] = {
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: Repository.path("compositions/examples"))) ?? []
        return Repository.compositions.map { "compositions/" + $0 }
            + examples.filter { $0.hasSuffix(".yaml") }.sorted().map { "compositions/examples/" + $0 }
    }()

    static func overlap(_ a: GraphLayout.Box, _ b: GraphLayout.Box) -> Bool {
        a.origin.x < b.origin.x + b.width && b.origin.x < a.origin.x + a.width
            && a.origin.y < b.origin.y + b.height && b.origin.y < a.origin.y + a.height
    }

    /// Pairs of wires that cross, from the drawn points: two pieces over the same stretch of x whose ends are
    /// in opposite orders.
    static func crossings(_ layout: GraphLayout) -> Int {
        let pieces = layout.edges.filter { !$0.runsBack }.flatMap { edge in zip(edge.points, edge.points.dropFirst()).map { (edge.from, $0, $1) } }
        var count = 0
        for (i, a) in pieces.enumerated() {
            for b in pieces[(i + 1)...] where a.1.x == b.1.x && a.2.x == b.2.x && a.0 != b.0 {
                if (a.1.y - b.1.y) * (a.2.y - b.2.y) < 0 { count += 1 }
            }
        }
        return count
    }

    @Test("a shipped composition's boxes do not overlap, and every wire of this frame runs left to right", arguments: shipped)
    func shippedCompositions(relative: String) throws {
        let composition = try CompositionOpener.open(path: Repository.path(relative))
        let layout = GraphLayout(composition)
        #expect(layout.boxes.map(\.name) == composition.nodes.map(\.name))
        for (index, box) in layout.boxes.enumerated() {
            #expect(box.origin.x >= 0 && box.origin.y >= 0)
            for other in layout.boxes[(index + 1)...] {
                #expect(!Self.overlap(box, other), "\(box.name) overlaps \(other.name)")
            }
        }
        let wires = composition.nodes.flatMap { $0.inputs }
        #expect(layout.edges.count == wires.count)
        for edge in layout.edges where edge.carries != .previousFrame && !edge.readsParameter {
            let (from, to) = (layout.box(named: edge.from)!, layout.box(named: edge.to)!)
            #expect(from.origin.x + from.width < to.origin.x, "\(edge.from) → \(edge.to) runs back")
            #expect(!edge.runsBack)
        }
    }

    @Test("each node is a column right of the furthest node it reads, and a value read late sits just before its reader")
    func columns() throws {
        let workspace = try Workspace()
        try workspace.shader("a.fsh", uniforms: "uniform sampler2D second; uniform highp float amount;")
        let composition = try workspace.load("""
            nodes:
              picture: { kind: pattern }
              first: { kind: shader, file: a.fsh, inputs: { inputImageTexture: picture, second: picture } }
              second: { kind: shader, file: a.fsh, inputs: { inputImageTexture: first, second: picture } }
              third: { kind: shader, file: a.fsh, inputs: { inputImageTexture: second, second: first }, uniforms: { amount: clock } }
              clock: { kind: time }
            output: third
            """)
        let layout = GraphLayout(composition)
        let column = { (name: String) in Int(layout.box(named: name)!.origin.x / (GraphMetrics.boxWidth + GraphMetrics.columnGap)) }
        #expect(["picture", "first", "second", "third", "clock"].map(column) == [0, 1, 2, 3, 2])
        // picture → second and first → third cross a column each: a point on each side of it.
        let long = layout.edges.first { $0.from == "picture" && $0.to == "second" }!
        #expect(long.points.count == 4)
        #expect(long.points[1].x == GraphMetrics.boxWidth + GraphMetrics.columnGap)
    }

    @Test("the order within a column follows the wires, so two chains declared crosswise do not cross")
    func crossingsRemoved() throws {
        let workspace = try Workspace()
        try workspace.shader("a.fsh", uniforms: "uniform sampler2D other;")
        let composition = try workspace.load("""
            nodes:
              left: { kind: pattern }
              right: { kind: pattern }
              fromRight: { kind: shader, file: a.fsh, inputs: { inputImageTexture: right, other: right } }
              fromLeft: { kind: shader, file: a.fsh, inputs: { inputImageTexture: left, other: left } }
              both: { kind: shader, file: a.fsh, inputs: { inputImageTexture: fromLeft, other: fromRight } }
            output: both
            """)
        let layout = GraphLayout(composition)
        let top = { (name: String) in layout.box(named: name)!.origin.y }
        // The box fed by the upper source is upper too, and it feeds the upper port of `both`.
        #expect((top("left") < top("right")) == (top("fromLeft") < top("fromRight")))
        #expect(top("fromLeft") < top("fromRight"))
        #expect(Self.crossings(layout) == 0)
    }

    @Test("adding a node that nothing wires, after the others, moves no node already placed")
    func stableWhenUnrelatedNodeAdded() throws {
        let workspace = try Workspace()
        try workspace.shader("a.fsh")
        let before = """
            nodes:
              picture: { kind: pattern }
              tint: { kind: shader, file: a.fsh, inputs: { inputImageTexture: picture } }
              blur: { kind: shader, file: a.fsh, inputs: { inputImageTexture: tint } }
            output: blur

            """
        let original = GraphLayout(try workspace.load(before))
        let added = GraphLayout(try workspace.load(before.replacingOccurrences(of: "output: blur", with: "  spare: { kind: time }\noutput: blur"), file: "d.yaml"))
        for box in original.boxes { #expect(added.box(named: box.name) == box) }
        let spare = try #require(added.box(named: "spare"))
        #expect(spare.origin.y >= original.height + GraphMetrics.componentGap)
    }

    @Test("a feedback wire and a node's read of its own last frame run back, and take no part in the columns")
    func feedback() throws {
        let workspace = try Workspace()
        try workspace.shader("a.fsh", uniforms: "uniform sampler2D last;")
        let composition = try workspace.load("""
            nodes:
              picture: { kind: pattern }
              trail: { kind: shader, file: a.fsh, inputs: { inputImageTexture: picture, last: trail } }
            output: trail
            """)
        let layout = GraphLayout(composition)
        let loop = try #require(layout.edges.first { $0.from == "trail" && $0.to == "trail" })
        #expect(loop.carries == .previousFrame)
        #expect(loop.runsBack)
        #expect(layout.box(named: "trail")!.origin.x > layout.box(named: "picture")!.origin.x)
        // The loop (a cubic from the output to below the box, right by its reach) stays inside the drawing.
        let reach = GraphMetrics.loopReach, out = loop.points[0], port = loop.points[1]
        #expect(out.x + 0.75 * reach <= layout.width)
        #expect(layout.loopDepth(of: loop) <= layout.height)
        #expect(port.x - 0.75 * reach >= 0)
        let alone = GraphLayout(try workspace.load("""
            nodes:
              trail: { kind: shader, file: a.fsh, inputs: { inputImageTexture: trail, last: trail } }
            output: trail
            """, file: "alone.yaml"))
        let own = try #require(alone.edges.first)
        #expect(own.points[1].x - 0.75 * reach >= 0)
    }
}

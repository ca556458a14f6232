/// What a drawing of a composition's graph shows besides its layout: each node's kind and file, the output,
/// the chains drawn as one program, and the nodes that nothing the output needs reads, so are not drawn.
public struct GraphDrawing: Sendable {
    public var layout: GraphLayout
    /// The file a composition names, as its drawing is titled.
    public var title: String
    public var output: String
    /// Each node's kind word, and the file it reads (its name only), by node.
    public var kinds: [String: String]
    public var files: [String: String]
    /// What each node's output carries, which its box shows under its ports.
    public var outputs: [String: NodeOutput]
    /// Chains of shader nodes drawn as one program, each in drawing order.
    public var fusedChains: [[String]]
    /// Nodes the frame does not draw: nothing the output needs reads them.
    public var unused: Set<String>

    public init(_ composition: Composition) {
        layout = GraphLayout(composition)
        title = composition.path.split(separator: "/").last.map(String.init) ?? composition.path
        output = composition.output
        kinds = Dictionary(composition.nodes.map { ($0.name, $0.kind.name) }, uniquingKeysWith: { first, _ in first })
        files = Dictionary(composition.nodes.compactMap { node in
            node.files.first.map { (node.name, $0.split(separator: "/").last.map(String.init) ?? $0) }
        }, uniquingKeysWith: { first, _ in first })
        outputs = Dictionary(composition.nodes.map { ($0.name, $0.output) }, uniquingKeysWith: { first, _ in first })
        // A composition that loads always plans; were it not to, the drawing would show no chains.
        let plan = try? FramePlan(composition)
        fusedChains = plan.map { plan in plan.fusibleChains.map { $0.map { plan.steps[$0].node.name } } } ?? []
        let drawn = Set(plan?.steps.map(\.node.name) ?? composition.nodes.map(\.name))
        unused = Set(composition.nodes.map(\.name)).subtracting(drawn)
    }

    /// The second line of a node's box: its kind, and its file where it reads one.
    public func caption(of node: String) -> String {
        let kind = kinds[node] ?? ""
        return files[node].map { "\(kind) · \($0)" } ?? kind
    }
}

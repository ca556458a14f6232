/// The steps of `GraphLayout`'s method: columns, points where long wires cross columns, the order within each
/// column, and the places of boxes and points.
struct LayeredGraph {
    struct Edge {
        var from: String
        var to: String
        var port: String
        var carries: NodeInput.Carries
        var readsParameter: Bool

        /// Whether it orders columns: a wire of this frame's image or value, between two nodes.
        var ordersColumns: Bool {
            carries != .previousFrame && !readsParameter && from != to
        }
    }

    /// What a column holds: a node's box, or the point where a long wire crosses it.
    enum Item: Hashable {
        case node(String)
        case crossing(edge: Int, column: Int)
    }

    /// A piece of a wire between two neighbouring columns; `lowerOffset` is where in its row the wire meets
    /// the item on the right (a box's port, as a fraction of a row), so wires into one box are ordered as its
    /// ports are.
    struct Segment {
        var left: Item
        var right: Item
        var edge: Int
        var rightOffset: Double
    }

    let names: [String]
    let ports: [String: [String]]
    let heights: [String: Double]
    let edges: [Edge]
    /// Each node's column, counted from its group's first.
    let column: [String: Int]
    /// Groups of connected nodes, in the order the file first names them, each in the file's order.
    let components: [[String]]

    init(_ composition: Composition) {
        let known = Set(composition.nodes.map(\.name))
        names = composition.nodes.map(\.name)
        var ports: [String: [String]] = [:], heights: [String: Double] = [:], edges: [Edge] = []
        for node in composition.nodes {
            let inputs = node.inputs.filter { known.contains($0.wire.node) }
            ports[node.name] = inputs.map(\.name) + Self.settablePorts(of: node)
            heights[node.name] = GraphMetrics.height(ports: ports[node.name]!.count, output: node.output)
            edges += inputs.map { Edge(from: $0.wire.node, to: node.name, port: $0.name, carries: $0.carries, readsParameter: $0.wire.parameter != nil) }
        }
        self.ports = ports
        self.heights = heights
        self.edges = edges
        components = Self.components(of: names, edges: edges)
        column = Self.columns(of: names, edges: edges.filter(\.ordersColumns), components: components)
    }

    /// A shader's or compute node's uniforms the composition sets to numbers: ports a value can be wired
    /// into, drawn with no wire.
    static func settablePorts(of node: Node) -> [String] {
        let uniforms: [String: UniformSetting] = switch node.kind {
        case .shader(let pass): pass.uniforms
        case .compute(let kernel): kernel.uniforms
        case .draw(let scene): scene.uniforms
        default: [:]
        }
        return uniforms.filter { if case .literal = $0.value { true } else { false } }.keys.sorted()
    }

    /// Nodes joined by any wire, grouped; each group in the file's order, groups by their first node.
    static func components(of names: [String], edges: [Edge]) -> [[String]] {
        var root = Dictionary(names.map { ($0, $0) }, uniquingKeysWith: { first, _ in first })
        func find(_ name: String) -> String {
            var name = name
            while let parent = root[name], parent != name { name = parent }
            return name
        }
        let position = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for edge in edges {
            let (a, b) = (find(edge.from), find(edge.to))
            guard a != b else { continue }
            // The earlier-named root stays, so a group is known by its first node.
            if position[a]! < position[b]! { root[b] = a } else { root[a] = b }
        }
        var groups: [String: [String]] = [:], order: [String] = []
        for name in names {
            let key = find(name)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(name)
        }
        return order.map { groups[$0]! }
    }

    /// Each node one column right of the furthest node it reads; a node that reads nothing just left of its
    /// nearest reader, so a value read late is not drawn far from its use. Counted from each group's first.
    static func columns(of names: [String], edges: [Edge], components: [[String]]) -> [String: Int] {
        var incoming: [String: [Edge]] = [:], outgoing: [String: [Edge]] = [:]
        for edge in edges {
            incoming[edge.to, default: []].append(edge)
            outgoing[edge.from, default: []].append(edge)
        }
        var column: [String: Int] = [:]
        var visiting: Set<String> = []
        func place(_ name: String) -> Int {
            if let known = column[name] { return known }
            // A cycle cannot be loaded; were one here, its closing wire would be ignored.
            guard visiting.insert(name).inserted else { return 0 }
            let value = (incoming[name] ?? []).map { place($0.from) + 1 }.max() ?? 0
            column[name] = value
            return value
        }
        for name in names { _ = place(name) }
        for name in names where incoming[name] == nil {
            if let nearest = outgoing[name]?.map({ column[$0.to]! }).min() { column[name] = nearest - 1 }
        }
        for component in components {
            let first = component.map { column[$0]! }.min() ?? 0
            for name in component { column[name]! -= first }
        }
        return column
    }

    /// The boxes of one group and the points of its long wires, its top at `top`.
    func place(_ component: [String], top: Double) -> (boxes: [String: GraphLayout.Box], bends: [Int: [GraphLayout.Point]], bottom: Double) {
        let (columns, segments) = itemsAndSegments(of: component)
        let order = LayerOrdering(columns: columns, segments: segments).best()
        let tops = LayerPlacement(columns: order, segments: segments, height: height(of:), anchors: anchors).tops()
        let shift = top - (tops.values.min() ?? 0)
        var boxes: [String: GraphLayout.Box] = [:], bends: [Int: [GraphLayout.Point]] = [:]
        var bottom = top
        for (index, items) in order.enumerated() {
            let x = Double(index) * (GraphMetrics.boxWidth + GraphMetrics.columnGap)
            for item in items {
                let y = tops[item]! + shift
                bottom = max(bottom, y + height(of: item))
                switch item {
                case .node(let name):
                    boxes[name] = GraphLayout.Box(name: name, origin: .init(x: x, y: y), width: GraphMetrics.boxWidth,
                                                  height: heights[name]!, ports: ports[name] ?? [])
                case .crossing(let edge, _):
                    bends[edge, default: []] += [.init(x: x, y: y), .init(x: x + GraphMetrics.boxWidth, y: y)]
                }
            }
        }
        return (boxes, bends, bottom)
    }

    /// The group's items column by column (nodes in the file's order, then crossings in wire order) and the
    /// pieces of wire between neighbouring columns.
    func itemsAndSegments(of component: [String]) -> ([[Item]], [Segment]) {
        let members = Set(component)
        let count = (component.map { column[$0]! }.max() ?? 0) + 1
        var columns = [[Item]](repeating: [], count: count)
        for name in component { columns[column[name]!].append(.node(name)) }
        var segments: [Segment] = []
        for (index, edge) in edges.enumerated() where edge.ordersColumns && members.contains(edge.to) {
            let (start, end) = (column[edge.from]!, column[edge.to]!)
            var chain: [Item] = [.node(edge.from)]
            for crossing in stride(from: start + 1, to: end, by: 1) {
                chain.append(.crossing(edge: index, column: crossing))
                columns[crossing].append(.crossing(edge: index, column: crossing))
            }
            chain.append(.node(edge.to))
            let row = Double(ports[edge.to]?.firstIndex(of: edge.port) ?? 0)
            let offset = (row + 0.5) / Double(max(ports[edge.to]?.count ?? 1, 1))
            for (left, right) in zip(chain, chain.dropFirst()) {
                segments.append(Segment(left: left, right: right, edge: index, rightOffset: right == .node(edge.to) ? offset : 0))
            }
        }
        return (columns, segments)
    }

    func height(of item: Item) -> Double {
        if case .node(let name) = item { heights[name]! } else { 0 }
    }

    /// How far below an item's top a wire meets it: at its output beside the name when it leaves a box, at
    /// the port when it enters one, and at the point itself for a crossing.
    var anchors: LayerPlacement.Anchors {
        let (edges, ports) = (edges, ports)
        return LayerPlacement.Anchors(
            leaving: { item in if case .node = item { GraphMetrics.header / 2 } else { 0 } },
            entering: { segment in
                guard case .node(let name) = segment.right else { return 0 }
                let row = Double(ports[name]?.firstIndex(of: edges[segment.edge].port) ?? 0)
                return GraphMetrics.header + (row + 0.5) * GraphMetrics.portRow
            })
    }
}

/// Where a drawing of a composition's graph puts each node and wire, the same in the window's graph view, in
/// `shaderbench graph`'s SVG and DOT and on the gallery page.
///
/// Laid out in layers, left to right, as Sugiyama, Tagawa and Toda's method does: each node one column right
/// of the furthest node it reads (a node that reads nothing sits just left of its first reader); a wire that
/// spans columns passes through a point in each; the order within each column is what a few sweeps of the
/// barycentre heuristic find with the fewest crossings; each column is then placed near the middle of its
/// neighbours. Wires of last frame's image (feedback) and wires of a published parameter take no part in the
/// columns, and are drawn back across them. Each group of connected nodes is laid out alone and the groups are
/// stacked in the order the file first names them, so adding a node that is not connected to others, after
/// them, moves no node already placed. Nodes the composition's `layout:` places stand where it says.
public struct GraphLayout: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A node's box: its top-left corner, its size, and its input ports top to bottom.
    public struct Box: Sendable, Equatable {
        public var name: String
        public var origin: Point
        public var width: Double
        public var height: Double
        /// Its inputs' names, one port each, in the order `NodeKindModel.inputs` gives them.
        public var ports: [String]

        /// Where the wire of input `port` ends, on the left side.
        public func inputPoint(_ port: String) -> Point {
            let row = ports.firstIndex(of: port) ?? 0
            return Point(x: origin.x, y: origin.y + GraphMetrics.header + (Double(row) + 0.5) * GraphMetrics.portRow)
        }

        /// Where wires out of it start, on the right side beside its name.
        public var outputPoint: Point {
            Point(x: origin.x + width, y: origin.y + GraphMetrics.header / 2)
        }

        /// The top of what it shows under its ports: a thumbnail of its image, or its value.
        public var contentTop: Double {
            origin.y + GraphMetrics.header + Double(ports.count) * GraphMetrics.portRow
        }
    }

    /// A wire: from a node's output to a port of another (or the same) node, through the points where it
    /// crosses columns between them.
    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        public var port: String
        public var carries: NodeInput.Carries
        /// Whether it reads a shader's published parameter rather than a node's output.
        public var readsParameter: Bool
        /// From the output point to the input point, with a point in each column it crosses on the way.
        public var points: [Point]

        /// Whether it runs against the columns: feedback, or a parameter read from a later node.
        public var runsBack: Bool {
            points.count >= 2 && points[points.count - 1].x <= points[0].x
        }
    }

    public var boxes: [Box]
    public var edges: [Edge]
    /// The size of everything drawn, from (0, 0).
    public var width: Double
    public var height: Double

    public func box(named name: String) -> Box? {
        boxes.first { $0.name == name }
    }

    /// The layout of `composition`'s nodes and every wire between them.
    public init(_ composition: Composition) {
        let graph = LayeredGraph(composition)
        var boxes: [String: Box] = [:]
        var bends: [Int: [Point]] = [:]
        var top = 0.0
        for component in graph.components {
            let placed = graph.place(component, top: top)
            boxes.merge(placed.boxes) { first, _ in first }
            bends.merge(placed.bends) { first, _ in first }
            top = placed.bottom + GraphMetrics.componentGap
        }
        // Nodes moved by hand stand where they were put, and their wires run straight to them.
        for (name, place) in composition.placements where boxes[name] != nil { boxes[name]!.origin = place }
        let placed = Set(composition.placements.keys)
        self.boxes = composition.nodes.compactMap { boxes[$0.name] }
        self.edges = graph.edges.enumerated().compactMap { index, edge in
            guard let source = boxes[edge.from], let target = boxes[edge.to] else { return nil }
            let through = placed.contains(edge.from) || placed.contains(edge.to) ? [] : bends[index] ?? []
            return Edge(from: edge.from, to: edge.to, port: edge.port, carries: edge.carries, readsParameter: edge.readsParameter,
                        points: [source.outputPoint] + through + [target.inputPoint(edge.port)])
        }
        (width, height) = (0, 0)
        // A loop bends back left of the port it enters: room for it left of the first column, unless nodes were
        // placed by hand, whose places are the file's.
        let left = self.edges.filter(\.runsBack).map { $0.points[$0.points.count - 1].x - 0.75 * GraphMetrics.loopReach }.min() ?? 0
        if left < 0, placed.isEmpty { shift(by: -left) }
        width = self.boxes.map { $0.origin.x + $0.width }.max() ?? 0
        height = self.boxes.map { $0.origin.y + $0.height }.max() ?? 0
        // A wire that runs back loops out past its source and under its boxes.
        for edge in self.edges where edge.runsBack {
            width = max(width, edge.points[0].x + 0.75 * GraphMetrics.loopReach)
            height = max(height, loopDepth(of: edge) + GraphMetrics.rowGap / 2)
        }
    }

    /// The node's box put at `origin`, its wires running straight to and from it: a box being dragged.
    public mutating func move(_ name: String, to origin: Point) {
        guard let index = boxes.firstIndex(where: { $0.name == name }) else { return }
        boxes[index].origin = origin
        for edge in edges.indices where edges[edge].from == name || edges[edge].to == name {
            guard let source = box(named: edges[edge].from), let target = box(named: edges[edge].to) else { continue }
            edges[edge].points = [source.outputPoint, target.inputPoint(edges[edge].port)]
        }
    }

    private mutating func shift(by x: Double) {
        for index in boxes.indices { boxes[index].origin.x += x }
        for index in edges.indices {
            for point in edges[index].points.indices { edges[index].points[point].x += x }
        }
    }

    /// How far down the loop of a wire that runs back passes: under the lower of its two boxes.
    public func loopDepth(of edge: Edge) -> Double {
        ([edge.from, edge.to].compactMap(box(named:)).map { $0.origin.y + $0.height }.max() ?? 0) + GraphMetrics.loopDrop
    }
}

/// The measures of a drawn graph, in the units of the layout (pixels at a zoom of 1, and SVG user units).
public enum GraphMetrics {
    public static let boxWidth = 176.0
    /// The band with the node's name and kind, its output port at its right.
    public static let header = 40.0
    public static let portRow = 18.0
    /// The thumbnail of an image node's picture, 16:9 across the box.
    public static let thumbnail = 99.0
    /// The line that shows a value node's numbers.
    public static let valueLine = 22.0
    public static let columnGap = 80.0
    public static let rowGap = 28.0
    public static let componentGap = 48.0
    /// How far right of its source, and below its boxes, a wire that runs back loops.
    public static let loopReach = 40.0
    public static let loopDrop = 14.0

    /// How tall a node's box is: its header, a row for each input, and what it shows.
    static func height(ports: Int, output: NodeOutput) -> Double {
        let content = switch output {
        case .image: thumbnail
        case .value, .sound, .buffers: valueLine
        }
        return header + Double(ports) * portRow + content
    }
}

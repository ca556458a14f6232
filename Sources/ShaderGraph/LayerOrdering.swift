/// The order of the items within each column of a layered graph with few wires crossing: sweeps of the
/// barycentre heuristic (each item placed at the mean position of its neighbours in the column just swept),
/// right then left, keeping the order with the fewest crossings seen. Ties keep the order before, which
/// starts as the file's, so the same graph always comes out the same.
struct LayerOrdering {
    typealias Item = LayeredGraph.Item

    var columns: [[Item]]
    let segments: [LayeredGraph.Segment]
    /// The pieces of wire that meet each item from the left and from the right.
    private let segmentsEntering: [Item: [LayeredGraph.Segment]]
    private let segmentsLeaving: [Item: [LayeredGraph.Segment]]

    init(columns: [[Item]], segments: [LayeredGraph.Segment]) {
        self.columns = columns
        self.segments = segments
        segmentsEntering = Dictionary(grouping: segments, by: \.right)
        segmentsLeaving = Dictionary(grouping: segments, by: \.left)
    }
    /// The sweeps tried; more rarely finds fewer crossings in graphs of the size compositions have.
    static let sweeps = 8

    func best() -> [[Item]] {
        var current = columns
        var best = current, fewest = crossings(current)
        for sweep in 0..<Self.sweeps where fewest > 0 {
            current = sweep.isMultiple(of: 2) ? sweptRight(current) : sweptLeft(current)
            let count = crossings(current)
            if count < fewest { (best, fewest) = (current, count) }
        }
        return best
    }

    /// Each column after the first sorted by where its items' left neighbours are.
    func sweptRight(_ columns: [[Item]]) -> [[Item]] {
        var columns = columns
        for index in columns.indices.dropFirst() {
            let positions = Self.positions(columns[index - 1])
            columns[index] = sorted(columns[index]) { item in
                (segmentsEntering[item] ?? []).compactMap { positions[$0.left] }
            }
        }
        return columns
    }

    /// Each column before the last sorted by where its items' right neighbours are, ports counted.
    func sweptLeft(_ columns: [[Item]]) -> [[Item]] {
        var columns = columns
        for index in columns.indices.dropLast().reversed() {
            let positions = Self.positions(columns[index + 1])
            columns[index] = sorted(columns[index]) { item in
                (segmentsLeaving[item] ?? []).compactMap { segment in positions[segment.right].map { $0 + segment.rightOffset } }
            }
        }
        return columns
    }

    /// `items` by the mean of their neighbours' positions; an item with none keeps its own.
    func sorted(_ items: [Item], neighbours: (Item) -> [Double]) -> [Item] {
        items.enumerated().map { index, item -> (Double, Int, Item) in
            let around = neighbours(item)
            return (around.isEmpty ? Double(index) : around.reduce(0, +) / Double(around.count), index, item)
        }
        .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        .map(\.2)
    }

    static func positions(_ items: [Item]) -> [Item: Double] {
        Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1, Double($0)) })
    }

    /// Pairs of wire pieces between the same two columns whose ends are in opposite orders.
    func crossings(_ columns: [[Item]]) -> Int {
        var position: [Item: Double] = [:], columnOf: [Item: Int] = [:]
        for (index, items) in columns.enumerated() {
            for (row, item) in items.enumerated() { (position[item], columnOf[item]) = (Double(row), index) }
        }
        var byColumn: [Int: [(left: Double, right: Double)]] = [:]
        for segment in segments {
            byColumn[columnOf[segment.left]!, default: []].append((position[segment.left]!, position[segment.right]! + segment.rightOffset))
        }
        var count = 0
        for pieces in byColumn.values {
            for (i, a) in pieces.enumerated() {
                for b in pieces[(i + 1)...] where (a.left - b.left) * (a.right - b.right) < 0 { count += 1 }
            }
        }
        return count
    }
}

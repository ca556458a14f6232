/// Where each item of an ordered layered graph sits vertically: columns swept right then left, each item
/// moved toward the mean height of the wires that meet it from the column just swept, then the column made
/// to keep its order and its gaps at the least squared distance from those wishes (pool-adjacent-violators).
struct LayerPlacement {
    typealias Item = LayeredGraph.Item

    /// How far below an item's top a wire meets it, leaving it and entering it.
    struct Anchors {
        var leaving: (Item) -> Double
        var entering: (LayeredGraph.Segment) -> Double
    }

    let columns: [[Item]]
    let segments: [LayeredGraph.Segment]
    let height: (Item) -> Double
    let anchors: Anchors
    static let sweeps = 4

    init(columns: [[Item]], segments: [LayeredGraph.Segment], height: @escaping (Item) -> Double, anchors: Anchors) {
        self.columns = columns
        self.segments = segments
        self.height = height
        self.anchors = anchors
        segmentsEntering = Dictionary(grouping: segments, by: \.right)
        segmentsLeaving = Dictionary(grouping: segments, by: \.left)
    }

    /// The pieces of wire that meet each item from the left and from the right.
    private let segmentsEntering: [Item: [LayeredGraph.Segment]]
    private let segmentsLeaving: [Item: [LayeredGraph.Segment]]

    /// Every item's top; the smallest may be above 0.
    func tops() -> [Item: Double] {
        var tops: [Item: Double] = [:]
        for items in columns {
            var y = 0.0
            for item in items {
                tops[item] = y
                y += height(item) + GraphMetrics.rowGap
            }
        }
        for sweep in 0..<Self.sweeps {
            let rightward = sweep.isMultiple(of: 2)
            let indices = rightward ? Array(columns.indices.dropFirst()) : Array(columns.indices.dropLast().reversed())
            for index in indices {
                let wishes = columns[index].map { item -> Double in
                    let heights: [Double] = rightward
                        ? (segmentsEntering[item] ?? []).map { tops[$0.left]! + anchors.leaving($0.left) - anchors.entering($0) }
                        : (segmentsLeaving[item] ?? []).map { tops[$0.right]! + anchors.entering($0) - anchors.leaving(item) }
                    return heights.isEmpty ? tops[item]! : heights.reduce(0, +) / Double(heights.count)
                }
                for (item, top) in zip(columns[index], ordered(wishes, items: columns[index])) { tops[item] = top }
            }
        }
        return tops
    }

    /// Tops as near `wishes` as the order and the gaps between items allow: with each top less the room the
    /// items above it need, the closest non-decreasing sequence.
    func ordered(_ wishes: [Double], items: [Item]) -> [Double] {
        var room: [Double] = [], above = 0.0
        for item in items {
            room.append(above)
            above += height(item) + GraphMetrics.rowGap
        }
        // Blocks of pooled values, each its mean and how many it pools.
        var blocks: [(mean: Double, count: Int)] = []
        for (wish, before) in zip(wishes, room) {
            blocks.append((wish - before, 1))
            while blocks.count > 1, blocks[blocks.count - 2].mean > blocks[blocks.count - 1].mean {
                let last = blocks.removeLast(), previous = blocks.removeLast()
                let count = last.count + previous.count
                blocks.append(((last.mean * Double(last.count) + previous.mean * Double(previous.count)) / Double(count), count))
            }
        }
        let pooled = blocks.flatMap { Array(repeating: $0.mean, count: $0.count) }
        return zip(pooled, room).map { $0 + $1 }
    }
}

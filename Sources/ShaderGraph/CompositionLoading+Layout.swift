import ShaderLanguage
import Yams

/// `layout:`: where nodes were put by dragging them in the graph view, `NODE: [X, Y]` in the layout's units
/// (the top-left corner of the node's box). Only moved nodes are named; the rest are laid out around them.
extension CompositionLoading {
    /// Farther than any graph is drawn; beyond it a place would not survive being written back as a whole number.
    static let farthestPlace = 1_000_000.0

    func readLayout(_ node: Yams.Node, nodes: [Node]) -> [String: GraphLayout.Point] {
        guard let mapping = attempt({ () throws(Diagnostic) in try reader.mapping(node, what: "'layout'") }) else { return [:] }
        let names = Set(nodes.map(\.name))
        var places: [String: GraphLayout.Point] = [:]
        for (key, value) in mapping {
            guard let name = attempt({ () throws(Diagnostic) in try reader.string(key, what: "a node's name in 'layout'") }) else { continue }
            guard names.contains(name) else {
                diagnostics.append(reader.error("'layout' places '\(name)', but there is no node named '\(name)'", at: key, code: .unknownNode))
                continue
            }
            guard case .sequence(let pair) = value, pair.count == 2,
                  case .scalar(let x) = pair[0], case .scalar(let y) = pair[1], let left = reader.number(x), let top = reader.number(y),
                  abs(left) <= Self.farthestPlace, abs(top) <= Self.farthestPlace else {
                diagnostics.append(reader.error("a place in 'layout' is [X, Y], two numbers within ±\(Int(Self.farthestPlace)), found \(reader.describe(value))",
                                                at: value, code: .wrongValue))
                continue
            }
            places[name] = GraphLayout.Point(x: left, y: top)
        }
        return places
    }
}

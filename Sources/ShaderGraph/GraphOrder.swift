import ShaderLanguage

/// Dependency order of a composition's nodes, and the cycles that make one impossible.
public enum GraphOrder {
    /// The nodes each node reads from (images and values), in declaration order.
    /// An image input that reads last frame's image (a shader's own output wired into it, or an input
    /// named by `previous:`) is not a dependency, so it is left out here.
    /// Wires that read a published parameter are resolved before anything runs (`PublishedParameters`), so
    /// they are not dependencies either.
    public static func dependencies(of node: Node) -> [Wire] {
        node.kind.model.dependencies(of: node.name).filter { $0.parameter == nil }
    }

    /// The wires of a shader's image inputs that read last frame's image. What they read runs every frame
    /// too, for whoever reads it next, but in no particular order with the reader.
    public static func previousFrameReads(of node: Node) -> [Wire] {
        node.kind.model.inputs(of: node.name).filter { $0.carries == .previousFrame }.map(\.wire)
    }

    /// A cycle as the nodes along it, first repeated at the end, and the wire that closes it.
    public struct Cycle: Sendable {
        public var path: [String]
        public var closingWire: Wire
    }

    /// Nodes ordered so every node comes after what it reads; declaration order breaks ties, so the
    /// order is stable. Wires to unknown nodes are ignored here (the validator reports them).
    public static func sorted(_ composition: Composition) -> Result<[String], CycleError> {
        let names = composition.nodes.map(\.name)
        let byName = Dictionary(composition.nodes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var order: [String] = []
        var stack: [String] = []

        func visit(_ name: String) -> Cycle? {
            if marks[name] == .done { return nil }
            marks[name] = .visiting
            stack.append(name)
            for wire in byName[name].map(dependencies(of:)) ?? [] where byName[wire.node] != nil {
                if marks[wire.node] == .visiting {
                    let start = stack.lastIndex(of: wire.node) ?? 0
                    return Cycle(path: Array(stack[start...]) + [wire.node], closingWire: wire)
                }
                if let cycle = visit(wire.node) { return cycle }
            }
            stack.removeLast()
            marks[name] = .done
            order.append(name)
            return nil
        }

        for name in names {
            if let cycle = visit(name) { return .failure(CycleError(cycle: cycle)) }
        }
        return .success(order)
    }

    public struct CycleError: Error, Sendable {
        public var cycle: Cycle

        /// Names every node on the cycle, at the wire that closes it.
        public var diagnostic: Diagnostic {
            let path = cycle.path.joined(separator: " → ")
            return .error("the graph has a cycle: \(path); a node cannot depend on its own output", at: cycle.closingWire.location, code: .cycle)
        }
    }
}

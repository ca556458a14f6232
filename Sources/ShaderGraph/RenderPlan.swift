/// The frame-by-frame schedule of a validated composition: nodes in dependency order, and after each step
/// which pooled images nobody reads any more, so their textures return to the pool within the frame.
public struct RenderPlan: Sendable {
    public struct Step: Sendable {
        public var node: Node
        /// Nodes whose pooled output can be released once this step has run.
        public var releases: [String]
    }

    public var steps: [Step]
    /// Nodes whose output must outlive the frame (the output, a node being viewed).
    public var kept: Set<String>

    /// `kept` adds nodes to keep beyond the output; nodes that nothing kept depends on are left out.
    public init(_ composition: Composition, keeping extra: Set<String> = []) throws(DiagnosticsError) {
        let order: [String]
        switch GraphOrder.sorted(composition) {
        case .success(let sorted): order = sorted
        case .failure(let error): throw DiagnosticsError([error.diagnostic])
        }
        let byName = Dictionary(composition.nodes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        kept = extra.union([composition.output])

        // Only what the kept nodes need runs.
        var needed = Set<String>()
        var pending = Array(kept)
        while let name = pending.popLast() {
            guard needed.insert(name).inserted, let node = byName[name] else { continue }
            pending += GraphOrder.dependencies(of: node).map(\.node)
        }
        let scheduled = order.filter(needed.contains).compactMap { byName[$0] }

        var lastReader: [String: Int] = [:]
        for (index, node) in scheduled.enumerated() {
            for wire in GraphOrder.dependencies(of: node) { lastReader[wire.node] = index }
        }
        let kept = kept
        steps = scheduled.enumerated().map { index, node in
            let releases = lastReader.filter { $0.value == index && !kept.contains($0.key) }.keys.sorted()
            return Step(node: node, releases: releases)
        }
    }
}

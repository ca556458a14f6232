import ShaderLanguage

/// Which node each problem is about, for a graph that marks a node with its first problem: a problem in a
/// file a node reads is that node's (every node that reads it), and one in the composition is the node whose
/// declaration it falls in (from the node's name to the next node's).
public enum NodeDiagnostics {
    public static func first(of diagnostics: [Diagnostic], in composition: Composition) -> [String: Diagnostic] {
        let declarations = composition.nodes.filter { $0.location.file == composition.path }.sorted { $0.location.line < $1.location.line }
        var first: [String: Diagnostic] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .error {
            guard let location = diagnostic.location else { continue }
            var nodes = composition.nodes.filter { $0.files.contains(location.file) && location.file != composition.path }.map(\.name)
            if location.file == composition.path, let declaring = declarations.last(where: { $0.location.line <= location.line }) {
                // A line past the nodes (`output:`, `animate:`) belongs to no node.
                if location.line <= lastLine(of: declaring, among: declarations, in: composition) { nodes.append(declaring.name) }
            }
            for node in nodes where first[node] == nil { first[node] = diagnostic }
        }
        return first
    }

    /// The last line a node's declaration can reach: the line before the next node's, or for the last node
    /// the line before the first top-level key after it.
    static func lastLine(of node: Node, among declarations: [Node], in composition: Composition) -> Int {
        if let next = declarations.first(where: { $0.location.line > node.location.line }) { return next.location.line - 1 }
        let after = [composition.outputLocation, composition.liveSourceLocation].compactMap { $0 }
            .filter { $0.file == composition.path && $0.line > node.location.line }.map(\.line)
        return (after.min() ?? Int.max) - 1
    }
}

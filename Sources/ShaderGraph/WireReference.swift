/// Parses `node` and `node.xyz` connections; components may be named xyzw, rgba or stpq.
enum WireReference {
    static let componentSets: [[Character]] = [["x", "y", "z", "w"], ["r", "g", "b", "a"], ["s", "t", "p", "q"]]

    static func parse(_ text: String, at location: SourceLocation, in source: SourceText) throws(Diagnostic) -> Wire {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty else {
            throw source.error("'\(text)' is not a node name or node.components", line: location.line, column: location.column)
        }
        let node = String(parts[0])
        guard parts.count == 2 else { return Wire(node: node, location: location) }
        let swizzle = Array(parts[1])
        guard !swizzle.isEmpty, swizzle.count <= 4,
              let set = componentSets.first(where: { set in swizzle.allSatisfy(set.contains) })
        else {
            throw source.error("'.\(parts[1])' is not a component selection; use up to four of xyzw, rgba or stpq",
                               line: location.line, column: location.column + node.count + 1)
        }
        return Wire(node: node, components: swizzle.compactMap { set.firstIndex(of: $0) }, location: location)
    }
}

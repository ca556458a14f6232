import ShaderLanguage

/// Parses `node`, `node.xyz` and `node.parameter` (`.xyz` after it too) connections; components may be named
/// xyzw, rgba or stpq, and a parameter is a published uniform of a shader node, read as a value.
enum WireReference {
    static let componentSets: [[Character]] = [["x", "y", "z", "w"], ["r", "g", "b", "a"], ["s", "t", "p", "q"]]

    static func parse(_ text: String, at location: SourceLocation, in source: SourceText) throws(Diagnostic) -> Wire {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 3, !parts[0].isEmpty else {
            throw source.error("'\(text)' is not a node name, node.components or node.parameter", line: location.line, column: location.column,
                               code: .wrongValue)
        }
        let node = String(parts[0])
        guard parts.count > 1 else { return Wire(node: node, location: location) }
        if parts.count == 2, let components = swizzle(parts[1]) {
            return Wire(node: node, components: components, location: location)
        }
        let parameter = String(parts[1])
        guard let first = parameter.first, first.isLetter || first == "_", parameter.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw source.error("'.\(parts[1])' is not a component selection (up to four of xyzw, rgba or stpq) or a parameter name",
                               line: location.line, column: location.column + node.count + 1, code: .wrongValue)
        }
        guard parts.count == 3 else { return Wire(node: node, parameter: parameter, location: location) }
        guard let components = swizzle(parts[2]) else {
            throw source.error("'.\(parts[2])' is not a component selection; use up to four of xyzw, rgba or stpq",
                               line: location.line, column: location.column + node.count + parameter.count + 2, code: .wrongValue)
        }
        return Wire(node: node, components: components, parameter: parameter, location: location)
    }

    private static func swizzle(_ text: Substring) -> [Int]? {
        let letters = Array(text)
        guard !letters.isEmpty, letters.count <= 4,
              let set = componentSets.first(where: { set in letters.allSatisfy(set.contains) }) else { return nil }
        return letters.compactMap { set.firstIndex(of: $0) }
    }
}

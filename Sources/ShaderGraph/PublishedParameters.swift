/// Published parameters are values too: a wire such as `tracked.threshold` reads what the shader node's
/// uniform is set to. Before a graph runs, each such wire is replaced by that setting (numbers, or the wire
/// feeding the uniform), so parameters given with `--set` flow on to everything that reads them.
public enum PublishedParameters {
    public static func inline(_ composition: Composition) -> Composition {
        var result = composition
        for index in result.nodes.indices {
            if let parameters = result.nodes[index].kind.uniformParameters {
                for (name, setting) in parameters.settings {
                    guard case .wire(let wire) = setting, wire.parameter != nil, let operand = resolve(wire, in: composition, depth: 0) else { continue }
                    let inlined: UniformSetting = switch operand {
                    case .literal(let numbers): .literal(numbers, location: wire.location)
                    case .wire(let inner): .wire(inner)
                    }
                    result.nodes[index].kind.setUniform(name, to: inlined)
                }
                continue
            }
            switch result.nodes[index].kind {
            case .operation(var operation):
                operation.operands = operation.operands.map { role, operand in
                    guard case .wire(let wire) = operand, wire.parameter != nil else { return (role, operand) }
                    return (role, resolve(wire, in: composition, depth: 0) ?? operand)
                }
                result.nodes[index].kind = .operation(operation)
            default:
                break
            }
        }
        return result
    }

    /// Whether another node reads the published parameter `uniform` of `node` through a wire, so that node
    /// too must see a new value of it.
    public static func isRead(_ uniform: String, of node: String, in composition: Composition) -> Bool {
        func reads(_ wire: Wire) -> Bool { wire.node == node && wire.parameter == uniform }
        return composition.nodes.contains { candidate in
            if let parameters = candidate.kind.uniformParameters {
                return parameters.settings.values.contains { if case .wire(let wire) = $0 { reads(wire) } else { false } }
            }
            return switch candidate.kind {
            case .operation(let operation):
                operation.operands.contains { if case .wire(let wire) = $0.1 { reads(wire) } else { false } }
            default:
                false
            }
        }
    }

    /// What a parameter wire reads, with its component selection applied; nil when it names nothing (the
    /// validator reports that). Chains of parameters are followed a few steps, never round a loop.
    package static func resolve(_ wire: Wire, in composition: Composition, depth: Int) -> Operand? {
        guard let parameter = wire.parameter, depth < 8, let node = composition.node(named: wire.node),
              let parameters = node.kind.uniformParameters, let declaration = parameters.declaration(named: parameter) else { return nil }
        switch parameters.settings[parameter] {
        case .literal(let numbers, _)?:
            return .literal(select(wire.components, from: numbers))
        case .wire(let inner)?:
            let components = wire.components.isEmpty ? inner.components
                : wire.components.map { inner.components.isEmpty ? $0 : inner.components[min($0, inner.components.count - 1)] }
            let chained = Wire(node: inner.node, components: components, parameter: inner.parameter, location: wire.location)
            return inner.parameter == nil ? .wire(chained) : resolve(chained, in: composition, depth: depth + 1)
        case nil:
            let count = (declaration.type.componentCount ?? 1) * (declaration.arrayLength ?? 1)
            return .literal(select(wire.components, from: declaration.annotation?.defaultValue ?? [Float](repeating: 0, count: count)))
        }
    }

    private static func select(_ components: [Int], from numbers: [Float]) -> [Float] {
        components.isEmpty ? numbers : components.map { numbers.indices.contains($0) ? numbers[$0] : 0 }
    }
}

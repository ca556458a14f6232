/// Published parameters are values too: a wire such as `tracked.threshold` reads what the shader node's
/// uniform is set to. Before a graph runs, each such wire is replaced by that setting (numbers, or the wire
/// feeding the uniform), so parameters given with `--set` flow on to everything that reads them.
public enum PublishedParameters {
    public static func inline(_ composition: Composition) -> Composition {
        var result = composition
        for index in result.nodes.indices {
            switch result.nodes[index].kind {
            case .shader(var pass):
                for (name, setting) in pass.uniforms {
                    guard case .wire(let wire) = setting, wire.parameter != nil else { continue }
                    pass.uniforms[name] = resolve(wire, in: composition, depth: 0).map { operand in
                        switch operand {
                        case .literal(let numbers): .literal(numbers, location: wire.location)
                        case .wire(let inner): .wire(inner)
                        }
                    } ?? setting
                }
                result.nodes[index].kind = .shader(pass)
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
            switch candidate.kind {
            case .shader(let pass):
                pass.uniforms.values.contains { if case .wire(let wire) = $0 { reads(wire) } else { false } }
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
              case .shader(let pass) = node.kind, let declaration = pass.interface.uniform(named: parameter) else { return nil }
        switch pass.uniforms[parameter] {
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

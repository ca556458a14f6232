/// Settles how many numbers each value operation makes, from its operands, in dependency order: the
/// widest operand wins and one-number operands apply to every component. A buffer value's elements take
/// their components from the compute node's buffer.
enum ValueShapes {
    static func settle(_ composition: inout Composition) {
        guard case .success(let order) = GraphOrder.sorted(composition) else { return }
        var counts: [String: Int] = [:]
        var positions: [String: Int] = [:]
        for (index, node) in composition.nodes.enumerated() { positions[node.name] = index }
        for name in order {
            guard let position = positions[name] else { continue }
            let node = composition.nodes[position]
            if case .operation(var operation) = node.kind {
                let widths = operation.operands.map { role, operand -> Int in
                    switch operand {
                    case .literal(let numbers): return numbers.count
                    case .wire(let wire) where !wire.components.isEmpty: return wire.components.count
                    case .wire(let wire) where wire.parameter != nil:
                        guard let shader = composition.node(named: wire.node), case .shader(let pass) = shader.kind,
                              let declaration = pass.interface.uniform(named: wire.parameter ?? "") else { return 1 }
                        return (declaration.type.componentCount ?? 1) * (declaration.arrayLength ?? 1)
                    case .wire(let wire): return counts[wire.node] ?? 1
                    }
                }
                // Factors, amounts and bounds take part in the width only through the values they act on.
                let shaping = operation.operation == .smooth ? [widths[0]] : widths
                operation.componentCount = max(1, shaping.max() ?? 1)
                composition.nodes[position].kind = .operation(operation)
            }
            if case .bufferValue(var read) = node.kind, case .compute(let kernel)? = composition.node(named: read.input.node)?.kind,
               let buffer = kernel.buffers.first(where: { $0.name == read.buffer }) {
                read.elementComponents = buffer.element.components
                composition.nodes[position].kind = .bufferValue(read)
            }
            if case .value(let components) = composition.nodes[position].output { counts[name] = components }
        }
    }
}

import ShaderLanguage
import Yams

/// `kind: add`, `multiply`, `mix`, `clamp` or `smooth`: arithmetic on values, component by component.
struct OperationNode: NodeKindModel {
    var operation: ValueOperation

    static let keywords = ValueOperation.Operator.allCases.map(\.rawValue)

    /// The operator's roles (`ValueOperation.roles(of:)`), each an operand; `values` a list of two or more.
    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        // The keywords are the operators' names.
        let operation = ValueOperation.Operator(rawValue: declaration.keyword)!
        loading.checkKeys(of: declaration, allowed: ["kind"] + ValueOperation.roles(of: operation), in: "a \(declaration.keyword) node")
        let (name, fields, key) = (declaration.name, declaration.fields, declaration.key)
        var operands: [(role: String, operand: Operand)] = []
        for role in ValueOperation.roles(of: operation) {
            guard let node = fields[role] else {
                loading.report("\(operation.rawValue) node '\(name)' needs '\(role)'", at: key, code: .missingKey)
                return nil
            }
            if role == "values" {
                guard case .sequence(let items) = node, items.count >= 2 else {
                    loading.report("'values' is a list of two or more values: node names or numbers", at: node, code: .wrongValue)
                    return nil
                }
                for (index, item) in items.enumerated() {
                    guard let operand = loading.attempt({ () throws(Diagnostic) in try readOperand(item, in: loading) }) else { return nil }
                    operands.append(("\(index)", operand))
                }
            } else {
                guard let operand = loading.attempt({ () throws(Diagnostic) in try readOperand(node, in: loading) }) else { return nil }
                operands.append((role, operand))
            }
        }
        return .operation(ValueOperation(operation: operation, operands: operands))
    }

    /// A number, a list of numbers, or another node's value (`node` or `node.xy`).
    private static func readOperand(_ node: Yams.Node, in loading: CompositionLoading) throws(Diagnostic) -> Operand {
        switch try loading.readUniformSetting(node) {
        case .literal(let numbers, _): .literal(numbers)
        case .wire(let wire): .wire(wire)
        }
    }

    var keyword: String { operation.operation.rawValue }
    var output: NodeOutput { .value(components: operation.componentCount) }

    func inputs(of node: String) -> [NodeInput] {
        operation.operands.compactMap { entry in
            // `values:` of add and multiply are numbered from 0.
            let name = Int(entry.role).map { "values[\($0)]" } ?? entry.role
            return if case .wire(let wire) = entry.operand { NodeInput(name: name, wire: wire, carries: .value) } else { nil }
        }
    }

    /// Each operand carries one number, for every component, or as many as the result has.
    func check(_ node: Node, in check: inout CompositionCheck) {
        for (key, operand) in operation.operands {
            let role = Int(key).map { "item \($0 + 1) of 'values'" } ?? "'\(key)'"
            let width: Int
            let location: SourceLocation?
            switch operand {
            case .literal(let numbers):
                (width, location) = (numbers.count, node.location)
            case .wire(let wire):
                guard let available = check.valueWidth(of: wire, as: "\(role) of a \(operation.operation.rawValue) node") else { continue }
                (width, location) = (wire.components.isEmpty ? available : wire.components.count, wire.location)
            }
            if width != 1 && width != operation.componentCount {
                check.report("\(role) \(operand.isLiteral ? "has" : "carries") \(width) numbers, but this \(operation.operation.rawValue) works on \(operation.componentCount); give 1 (for every component) or \(operation.componentCount)", at: location, code: .wrongNumbers)
            }
        }
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .operation(OperationPlan(operation, index: planning.index))
    }
}

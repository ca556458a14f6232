import ShaderLanguage

/// `kind: constant`: fixed numbers, wired into uniforms.
struct ConstantNode: NodeKindModel {
    var values: [Float]

    static let keywords = ["constant"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "value"], in: "a constant node")
        let (name, fields, key) = (declaration.name, declaration.fields, declaration.key)
        guard let valueNode = fields["value"] else {
            loading.report("constant node '\(name)' needs a 'value'", at: key, code: .missingKey)
            return nil
        }
        guard let setting = loading.attempt({ () throws(Diagnostic) in try loading.readUniformSetting(valueNode) }) else { return nil }
        guard case .literal(let values, _) = setting else {
            loading.report("a constant's 'value' must be numbers, not a reference to another node", at: valueNode, code: .wrongValue)
            return nil
        }
        return .constant(values)
    }

    var output: NodeOutput { .value(components: values.count) }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .constant(values)
    }
}

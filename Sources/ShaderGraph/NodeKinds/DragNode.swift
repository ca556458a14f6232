import ShaderLanguage

/// `kind: drag`: a number changed by dragging sideways with the left button held, kept in its range.
struct DragNode: NodeKindModel {
    var drag: DraggedValue

    static let keywords = ["drag"]

    /// `initial` and `scale` (numbers) and `range` ([minimum, maximum]); the initial value is kept in the range.
    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "initial", "range", "scale"], in: "a drag node")
        let fields = declaration.fields
        var drag = DraggedValue()
        for key in ["initial", "scale"] {
            guard let node = fields[key] else { continue }
            guard let number = node.scalar.flatMap(loading.reader.number) else {
                loading.report("'\(key)' is a number", at: node, code: .wrongValue)
                return nil
            }
            if key == "initial" { drag.initial = Float(number) } else { drag.scale = Float(number) }
        }
        if let rangeNode = fields["range"] {
            guard case .literal(let bounds, _)? = loading.attempt({ () throws(Diagnostic) in try loading.readUniformSetting(rangeNode) }),
                  bounds.count == 2, bounds[0] <= bounds[1] else {
                loading.report("'range' is [minimum, maximum]", at: rangeNode, code: .wrongValue)
                return nil
            }
            drag.range = bounds[0]...bounds[1]
        }
        drag.initial = min(max(drag.initial, drag.range.lowerBound), drag.range.upperBound)
        return .drag(drag)
    }

    var output: NodeOutput { .value(components: 1) }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .drag(drag)
    }
}

/// `kind: mouse`: the pointer over the window's image and its left button, three numbers.
struct MouseNode: NodeKindModel {
    static let keywords = ["mouse"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind"], in: "a mouse node")
        return .mouse
    }

    var output: NodeOutput { .value(components: 3) }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .mouse
    }
}

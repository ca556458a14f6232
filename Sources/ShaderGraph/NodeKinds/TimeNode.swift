/// `kind: time`: the clock in seconds.
struct TimeNode: NodeKindModel {
    static let keywords = ["time"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind"], in: "a time node")
        return .time
    }

    var output: NodeOutput { .value(components: 1) }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .time
    }
}

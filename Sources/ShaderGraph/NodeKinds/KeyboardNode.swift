/// `kind: keyboard`: ShaderToy's keyboard texture, an image made from the keys, not a source `--input` replaces.
struct KeyboardNode: NodeKindModel {
    static let keywords = ["keyboard"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind"], in: "a keyboard node")
        return .keyboard
    }

    var output: NodeOutput { .image }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .keyboard
    }
}

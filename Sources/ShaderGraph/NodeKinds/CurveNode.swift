import ShaderLanguage

/// `kind: curve`: keys over time with no parameter of their own, a value that uniforms read (`fade`,
/// `fade.x`) and `osc-out:` sends, as one keyed parameter's curve would play.
struct CurveNode: NodeKindModel {
    var curve: KeyedCurve

    static let keywords = ["curve"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "keys", "loop", "ping-pong"], in: "a curve node")
        guard let keysNode = declaration.fields["keys"] else {
            loading.report("curve node '\(declaration.name)' needs 'keys': a list of [TIME, VALUE] or [TIME, VALUE, INTERPOLATION]",
                           at: declaration.key, code: .missingKey)
            return nil
        }
        let keys = loading.readKeys(keysNode, what: "the keys of curve node '\(declaration.name)'")
        let repetition = loading.readRepetition(declaration.fields)
        guard let keys, let repetition else { return nil }
        return .curve(KeyedCurve(keys: keys, repetition: repetition))
    }

    var output: NodeOutput { .value(components: curve.width) }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .curve(curve)
    }
}

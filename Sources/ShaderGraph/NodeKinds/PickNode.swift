import ShaderLanguage

/// `kind: pick`: the colour of an image under the pointer when the left button goes down, r g b a.
struct PickNode: NodeKindModel {
    var pick: PickedColour

    static let keywords = ["pick"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "input", "initial"], in: "a pick node")
        let (name, fields, key) = (declaration.name, declaration.fields, declaration.key)
        guard let inputNode = fields["input"] else {
            loading.report("pick node '\(name)' needs an 'input': the image it picks colours from", at: key, code: .missingKey)
            return nil
        }
        guard let input = loading.attempt({ () throws(Diagnostic) in try loading.readWire(inputNode) }) else { return nil }
        var pick = PickedColour(input: input)
        if let initialNode = fields["initial"] {
            guard case .literal(let numbers, _)? = loading.attempt({ () throws(Diagnostic) in try loading.readUniformSetting(initialNode) }),
                  numbers.count == 3 || numbers.count == 4 else {
                loading.report("'initial' is a colour: [r, g, b] or [r, g, b, a]", at: initialNode, code: .wrongValue)
                return nil
            }
            pick.initial = numbers.count == 3 ? numbers + [1] : numbers
        }
        return .pick(pick)
    }

    var output: NodeOutput { .value(components: 4) }

    func inputs(of node: String) -> [NodeInput] {
        [NodeInput(name: "input", wire: pick.input, carries: .image)]
    }

    func check(_ node: Node, in check: inout CompositionCheck) {
        check.checkImageInput(pick.input, of: "pick")
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .pick(pick, input: planning.step(of: pick.input))
    }
}

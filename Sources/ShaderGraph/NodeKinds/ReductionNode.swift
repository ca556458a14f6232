import ShaderLanguage

/// `kind: average`, `centroid`, `minmax` or `histogram`: an image measured on the GPU, a few numbers.
struct ReductionNode: NodeKindModel {
    var reduction: Reduction

    static let keywords = Reduction.Measure.allCases.map(\.rawValue)

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        // The keywords are the measures' names.
        let measure = Reduction.Measure(rawValue: declaration.keyword)!
        loading.checkKeys(of: declaration, allowed: measure == .histogram ? ["kind", "input", "channels"] : ["kind", "input"],
                          in: "a \(declaration.keyword) node")
        let (name, fields, key) = (declaration.name, declaration.fields, declaration.key)
        guard let inputNode = fields["input"] else {
            loading.report("\(measure.rawValue) node '\(name)' needs an 'input': the image it measures", at: key, code: .missingKey)
            return nil
        }
        guard let input = loading.attempt({ () throws(Diagnostic) in try loading.readWire(inputNode) }) else { return nil }
        var perChannel = false
        if let channelsNode = fields["channels"], let text = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(channelsNode, what: "'channels'") }) {
            guard ["luminance", "rgb"].contains(text) else {
                loading.report("'channels' is luminance (256 bins) or rgb (luminance, red, green and blue: 1024 bins)", at: channelsNode, code: .wrongValue)
                return nil
            }
            perChannel = text == "rgb"
        }
        return .reduction(Reduction(measure: measure, input: input, perChannel: perChannel))
    }

    var keyword: String { reduction.measure.rawValue }
    var output: NodeOutput { .value(components: reduction.componentCount) }

    func inputs(of node: String) -> [NodeInput] {
        [NodeInput(name: "input", wire: reduction.input, carries: .image)]
    }

    func check(_ node: Node, in check: inout CompositionCheck) {
        check.checkImageInput(reduction.input, of: reduction.measure.rawValue)
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .reduction(reduction, input: planning.step(of: reduction.input))
    }
}

import ShaderLanguage

/// `kind: depth`: a draw node's depth buffer as an image other passes read (fog, depth of field, glslViewer's
/// `u_sceneDepth`). Each pixel holds the depth the draw left there, as GL stores it: 0 at the near plane to 1 at
/// the far plane (and where nothing was drawn), not linear in distance, in red, green and blue alike, alpha 1,
/// at 32-bit float so that none of the buffer's 24 bits is lost.
struct DepthNode: NodeKindModel {
    var input: Wire

    static let keywords = ["depth"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "input"], in: "a depth node")
        guard let inputNode = declaration.fields["input"] else {
            loading.report("depth node '\(declaration.name)' needs an 'input': the draw node whose depth it shows", at: declaration.key, code: .missingKey)
            return nil
        }
        guard let input = loading.attempt({ () throws(Diagnostic) in try loading.readWire(inputNode) }) else { return nil }
        guard input.components.isEmpty, input.parameter == nil else {
            loading.report("'input' names the draw node alone", at: inputNode, code: .drawDepth)
            return nil
        }
        return .depth(input)
    }

    var output: NodeOutput { .image }

    func inputs(of node: String) -> [NodeInput] {
        [NodeInput(name: "input", wire: input, carries: .image)]
    }

    func check(_ node: Node, in check: inout CompositionCheck) {
        guard let source = check.resolve(input) else { return }
        guard case .draw(let scene) = source.kind else {
            check.report("'\(source.name)' is a \(source.kind.name) node; a depth node shows a draw node's depth", at: input.location, code: .drawDepth)
            return
        }
        if !scene.settings.depthTest {
            check.report("draw node '\(source.name)' draws with 'depth: false', so it keeps no depth to show", at: input.location, code: .drawDepth)
        }
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .depth(input: planning.step(of: input))
    }
}

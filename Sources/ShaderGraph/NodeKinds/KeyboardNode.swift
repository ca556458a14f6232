/// `kind: keyboard`: ShaderToy's keyboard texture, an image made from the keys, not a source `--input` replaces.
struct KeyboardNode: NodeKindModel {
    var layout: KeyboardLayout

    static let keywords = ["keyboard"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind"], in: "a keyboard node")
        return .keyboard(.shaderToy)
    }

    var output: NodeOutput { .image }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .keyboard(layout)
    }
}

/// The rows of a keyboard image, one column per browser key code, counted y up as the shaders read them: whether
/// the key is held, whether it went down since the last frame, whether it was pressed an odd number of times,
/// as ShaderToy has them; VS Code's Shader Toy extension adds whether it went up since the last frame.
public enum KeyboardLayout: Sendable, Hashable {
    case shaderToy
    case vsCodeShaderToy

    public var rows: Int {
        switch self {
        case .shaderToy: 3
        case .vsCodeShaderToy: 4
        }
    }
}

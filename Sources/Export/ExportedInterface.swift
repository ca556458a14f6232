import ShaderGraph
import ShaderLanguage

/// What an exported composition offers the app that embeds it: the images it feeds, the published
/// parameters it sets, and the values the workbench takes from the pointer and keys, which an app sets
/// itself. Both the Swift and the C export present this.
struct ExportedInterface {
    struct Input {
        var node: String
        /// `image`, `camera`, `movie` or `keyboard`: what the composition read it from.
        var kind: String
        /// The image file a composition names, which the embedded loader must find by name.
        var file: String?
    }

    /// A value the workbench takes from the pointer or keys: here the app's to set.
    struct Interaction {
        var node: String
        var kind: NodeKind
        var initial: [Float]
        var minimum: Float?
        var maximum: Float?
    }

    var inputs: [Input] = []
    /// The published parameters, with their starting values and declared bounds, as the plan settles them.
    var parameters: [PlannedParameter] = []
    var interactions: [Interaction] = []
    /// Value nodes whose value an app can read after a frame (reductions, and the rest).
    var values: [String] = []

    /// Reads the interface of the planned composition, or every reason it cannot be exported, each at its node.
    init(_ plan: FramePlan) throws(DiagnosticsError) {
        var problems: [Diagnostic] = []
        for step in plan.steps {
            let node = step.node
            switch node.kind {
            case .image(let image):
                inputs.append(Input(node: node.name, kind: "image", file: image.file))
            case .camera:
                inputs.append(Input(node: node.name, kind: "camera", file: nil))
            case .keyboard:
                // The app keeps its own keyboard and feeds the image the shaders read: 256×3 for ShaderToy, 256×4 for VS Code's extension.
                inputs.append(Input(node: node.name, kind: "keyboard", file: nil))
            case .movie:
                // The app decodes the movie as it likes and feeds its frames, so exported code links no FFmpeg.
                inputs.append(Input(node: node.name, kind: "movie", file: nil))
            case .audio:
                problems.append(.error("node '\(node.name)': an audio node decodes or captures sound while it runs, which an exported graph does not", at: node.location, code: .notExportable))
            case .sequence:
                problems.append(.error("node '\(node.name)': a sequence reads numbered files while it runs, which an exported graph does not; make it an image node and feed each frame to that input", at: node.location, code: .notExportable))
            case .compute(let kernel):
                for buffer in kernel.buffers where buffer.file.map({ !$0.hasSuffix(".json") }) ?? false {
                    problems.append(.error("node '\(node.name)': buffer '\(buffer.name)' starts from the raw bytes of \(buffer.file ?? ""), which an export does not embed; give its numbers as a .json list", at: buffer.location, code: .notExportable))
                }
            case .draw:
                problems.append(.error("node '\(node.name)': a draw node's mesh and depth are drawn by the workbench only; neither export draws geometry yet", at: node.location, code: .notExportable))
            case .depth:
                problems.append(.error("node '\(node.name)': a depth node reads a draw node's depth, which only the workbench draws; neither export draws geometry yet", at: node.location, code: .notExportable))
            case .shader(let pass):
                if let imported = pass.interface.isf?.imported.first {
                    problems.append(.error("node '\(node.name)': ISF IMPORTED images ('\(imported.name)') are read from files, which an exported graph does not; make the image an input of the shader and wire an image node to it", at: imported.location, code: .notExportable))
                }
            case .pick(let pick):
                interactions.append(Interaction(node: node.name, kind: node.kind, initial: pick.initial))
            case .drag(let drag):
                interactions.append(Interaction(node: node.name, kind: node.kind, initial: [drag.initial],
                                                minimum: drag.range.lowerBound, maximum: drag.range.upperBound))
            case .mouse:
                interactions.append(Interaction(node: node.name, kind: node.kind, initial: [0, 0, 0]))
            case .key:
                interactions.append(Interaction(node: node.name, kind: node.kind, initial: [0]))
            default:
                break
            }
            if case .value = node.output { values.append(node.name) }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        parameters = plan.parameters
    }
}

import Foundation
import ShaderLanguage

/// A shader on its own written out as composition text: the one-node composition every command opens it as,
/// so it can be embedded (an export) or kept and edited (parameters tuned in the window, saved).
public enum LoneShaderComposition {
    /// What the shader's image sources (the live source, a blend's second image) are in the text.
    public enum Sources: Sendable {
        /// Inputs an app feeds: an export's.
        case appInputs
        /// The moving test pattern, as the workbench opens a lone shader; `--input` replaces the live one.
        case patterns
    }

    /// The composition's text, to be read from beside the shader, so its `file:` is the shader's own name.
    /// `uniforms` sets parameters by uniform name; `stages` are the shaders a model was opened with, and `cameras`
    /// the cameras its draw nodes were moved to, by node.
    public static func text(forShader path: String, stages: [String] = [], sources: Sources, uniforms: [String: String] = [:],
                            cameras: [String: SceneCamera] = [:]) throws(DiagnosticsError) -> String {
        let opened = try CompositionOpener.open(path: path, stages: stages)
        let purpose = switch sources {
        case .appInputs: "its image inputs are the app's."
        case .patterns: "its parameters as they were tuned in the window."
        }
        var lines = ["# \(yamlComment(fileName(path))) on its own, as shaderbench opens it; \(purpose)", "nodes:"]
        // What a shader's own lines bring, and the passes glslViewer draws from one file, come again when the
        // composition is read: each is written as the node it was read from (a model's draw node for the passes
        // around it).
        let postProcessedModels = Set(opened.nodes.compactMap { node in if case .draw = node.kind { node.passOf } else { nil } })
        for node in opened.nodes where node.broughtBy == nil && !postProcessedModels.contains(node.name) {
            if node.passOf != nil { guard case .draw = node.kind else { continue } }
            switch node.kind {
            case .shader(let pass):
                var fields = "kind: shader, file: \(yamlString(fileName(pass.file)))"
                let inputs = pass.inputs.sorted { $0.key < $1.key }
                    .filter { !VSCodeShaderToyChannels.feeds($0.key, of: pass.interface) }
                    .map { "\($0.key): \(yamlString($0.value.node))" }
                if !inputs.isEmpty { fields += ", inputs: { \(inputs.joined(separator: ", ")) }" }
                let settings = uniforms.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
                if !settings.isEmpty { fields += ", uniforms: { \(settings.joined(separator: ", ")) }" }
                lines.append("  \(yamlString(node.name)): { \(fields) }")
            case .compute(let kernel):
                let inputs = kernel.inputs.sorted { $0.key < $1.key }.map { ($0.key, $0.value.node) }
                lines.append(computeEntry(name: node.name, file: kernel.passes.first?.file ?? "", inputs: inputs))
            case .audio:
                lines.append("  \(yamlString(node.name)): { kind: audio }")
            case .draw(let scene):
                if case .file(let mesh, _)? = scene.meshes.first {
                    lines.append(drawEntry(name: node.passOf ?? node.name, mesh: mesh, camera: cameras[node.name] ?? scene.camera, fragment: scene.fragment?.source.path,
                                           vertex: scene.vertex?.source.path, uniforms: uniforms))
                }
            case .pattern(let pattern) where pattern.picture != .bars:
                // Bonzomatic's default textures are drawn, never an app's input.
                let size = pattern.size.map { ", size: [\($0.width), \($0.height)]" } ?? ""
                lines.append("  \(yamlString(node.name)): { kind: pattern, pattern: \(pattern.picture.rawValue)\(size) }")
            default:
                let kind = switch sources {
                case .appInputs: "camera"
                case .patterns: "pattern"
                }
                lines.append("  \(yamlString(node.name)): { kind: \(kind) }")
            }
        }
        lines.append("output: \(yamlString(opened.output))")
        if !opened.published.isEmpty {
            lines.append("publish: [\(opened.published.map { yamlString($0.description) }.joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A compute node's entry for a kernel opened on its own: its file by name, beside the composition, and its
    /// image inputs wired to the nodes named.
    static func computeEntry(name: String, file: String, inputs: [(input: String, node: String)]) -> String {
        var fields = "kind: compute, file: \(yamlString(fileName(file)))"
        if !inputs.isEmpty { fields += ", inputs: { " + inputs.map { "\($0.input): \(yamlString($0.node))" }.joined(separator: ", ") + " }" }
        return "  \(yamlString(name)): { \(fields) }"
    }

    /// A draw node's entry for a model opened on its own: its file by name, beside the composition, the camera it
    /// was framed with, the stages named after it, by their full paths, and its parameters as tuned.
    static func drawEntry(name: String, mesh: String, camera: SceneCamera, fragment: String? = nil, vertex: String? = nil,
                          uniforms: [String: String] = [:]) -> String {
        func point(_ value: SIMD3<Float>) -> String { "[\(value.x), \(value.y), \(value.z)]" }
        let stages = (fragment.map { ", file: \(yamlString($0))" } ?? "") + (vertex.map { ", vertex: \(yamlString($0))" } ?? "")
        let settings = uniforms.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let tuned = settings.isEmpty ? "" : ", uniforms: { \(settings.joined(separator: ", ")) }"
        return "  \(yamlString(name)): { kind: draw, mesh: \(yamlString(fileName(mesh)))\(stages), camera: { position: \(point(camera.position)), "
            + "target: \(point(camera.target)), fov: \(camera.fieldOfView), near: \(camera.near), far: \(camera.far) }\(tuned) }"
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A double-quoted YAML scalar: any file name survives it.
    static func yamlString(_ text: String) -> String {
        var quoted = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where character.value < 0x20 || character.value == 0x7f:
                quoted += String(format: "\\u%04x", character.value)
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted + "\""
    }

    /// A comment ends at the line's end; a file name with a line break in it must not end it early.
    private static func yamlComment(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

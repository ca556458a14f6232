import ShaderGraph

/// A shader exported on its own: the one-node composition every other command opens it as, written out as
/// composition text (the Swift export embeds that text), with the live source, and a blend's second image,
/// as inputs the app feeds.
enum LoneShaderComposition {
    /// The composition's text, under a name beside the shader, so its `file:` is the shader's own name.
    static func source(forShader path: String) throws(DiagnosticsError) -> SourceText {
        let opened = try CompositionOpener.open(path: path)
        var lines = ["# \(yamlComment(fileName(path))) on its own, as shaderbench opens it; its image inputs are the app's.", "nodes:"]
        for node in opened.nodes {
            switch node.kind {
            case .shader(let pass):
                var fields = "kind: shader, file: \(yamlString(fileName(pass.file)))"
                let inputs = pass.inputs.sorted { $0.key < $1.key }.map { "\($0.key): \(yamlString($0.value.node))" }
                if !inputs.isEmpty { fields += ", inputs: { \(inputs.joined(separator: ", ")) }" }
                lines.append("  \(yamlString(node.name)): { \(fields) }")
            default:
                // The live source and a blend's second image: patterns in the workbench, the app's here.
                lines.append("  \(yamlString(node.name)): { kind: camera }")
            }
        }
        lines.append("output: \(yamlString(opened.output))")
        if !opened.published.isEmpty {
            lines.append("publish: [\(opened.published.map { yamlString($0.description) }.joined(separator: ", "))]")
        }
        return SourceText(path: path + ".yaml", text: lines.joined(separator: "\n") + "\n")
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A double-quoted YAML scalar: any file name survives it.
    private static func yamlString(_ text: String) -> String {
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

import ShaderLanguage

/// Uniforms that nothing sets: no dialect's host, no composition value, no published parameter and no
/// declared default. They stay 0, which makes a shader draw black or nothing, so each is a warning at its
/// declaration before anything is drawn. A name that is, or is close to, one another host sets says whose
/// it seems to be ("'iTime' is ShaderToy's …"), and is said even when the uniform is published, since a
/// published uniform still starts at 0 where the user expected the host to set it.
public enum UnsetUniforms {
    /// What each host sets by name, and how a shader is recognised as written for it.
    static let hosts: [(name: String, recognisedBy: String, uniforms: [String])] = [
        ("ShaderToy", "defines mainImage(out vec4 fragColor, in vec2 fragCoord) and no main", ShaderToyDialect.frameUniforms),
        ("VS Code Shader Toy", "uses it without declaring it", ["iGlobalTime", "iGlobalFrame", "iMouseButton", "iViewMatrix"]),
        ("ISF", "opens with a JSON header in a /* */ comment", ISFDialect.builtIns),
        ("glslViewer", "declares u_resolution, u_time, u_tex0 or another of its uniforms", GLSLViewerDialect.frameUniforms),
        ("GLSL Sandbox", "declares uniform vec2 resolution", GLSLSandboxDialect.frameUniforms),
        ("Bonzomatic", "declares fGlobalTime, v2Resolution or another of its uniforms", BonzomaticDialect.frameUniforms),
    ]

    public static func warnings(in composition: Composition) -> [Diagnostic] {
        // By file, since the passes glslViewer draws from one file are nodes of their own and one is published.
        let files = Dictionary(composition.nodes.compactMap { node -> (String, String)? in
            if case .shader(let pass) = node.kind { (node.name, pass.file) } else { nil }
        }, uniquingKeysWith: { first, _ in first })
        // A keyed uniform is set by its keys, as a published one is by the panel.
        let published = Set((composition.published + composition.animation.map(\.reference)).compactMap { reference in
            files[reference.node].map { "\($0)#\(reference.uniform)" }
        })
        var warnings: [Diagnostic] = []
        var said: Set<SourceLocation> = []
        for node in composition.nodes {
            guard case .shader(let pass) = node.kind, pass.interface.dialect != .isf else { continue }
            for declaration in pass.interface.parameters where pass.uniforms[declaration.name] == nil {
                let hint = hostHint(for: declaration.name, in: pass.interface)
                let defaulted = declaration.annotation?.defaultValue != nil
                if defaulted || (hint == nil && published.contains("\(pass.file)#\(declaration.name)")) { continue }
                let reason = hint ?? "give it a default in a comment after it (// default: …), set it under the node's 'uniforms:', or publish it"
                let file = declaration.file.flatMap { _ in pass.interface.vertexShader } ?? pass.source
                guard said.insert(file.location(line: declaration.line, column: declaration.column)).inserted else { continue }
                warnings.append(Diagnostic(.warning, "nothing sets uniform '\(declaration.name)', so it stays 0: \(reason)",
                                           at: file.location(line: declaration.line, column: declaration.column),
                                           sourceLine: file.line(declaration.line), code: .unsetUniform).naming(node: node.name))
            }
        }
        return warnings
    }

    /// Whose the name seems to be: a host's own name in a shader not written for that host, or a near miss
    /// of one.
    static func hostHint(for name: String, in interface: ShaderInterface) -> String? {
        for host in hosts where host.uniforms.contains(name) {
            return "'\(name)' is \(host.name)'s, which sets it for a shader that \(host.recognisedBy)"
        }
        let candidates = hosts.flatMap { host in host.uniforms.map { (host.name, $0) } }
        guard let closest = Spelling.closest(to: name, among: candidates.map(\.1)),
              let host = candidates.first(where: { $0.1 == closest })?.0 else { return nil }
        return "did you mean \(host)'s '\(closest)'?"
    }
}

import ShaderLanguage

/// What a composition gains for a Bonzomatic shader: pattern nodes that draw the textures Bonzomatic provides.
extension BonzomaticDialect {
    /// Bonzomatic's default textures, which its shaders read unless a composition wires something else: a pattern
    /// node that draws each, at 256 × 256.
    static let defaultTextures: [(sampler: String, node: String, picture: PatternSource.Picture)] = [
        ("texNoise", "bonzomatic-noise", .noise), ("texChecker", "bonzomatic-checker", .checker),
    ]

    /// `nodes` with each Bonzomatic shader's unwired `texNoise` and `texChecker` wired to the pattern node that
    /// draws it, added once (not where a node of that name is the composition's own) after the composition's
    /// own, so its first source stays the live one that `--input` replaces.
    static func wiringDefaultTextures(_ nodes: [Node]) -> [Node] {
        var nodes = nodes
        var added: [Node] = []
        for index in nodes.indices {
            guard case .shader(var pass) = nodes[index].kind, pass.interface.dialect == .bonzomatic else { continue }
            for texture in defaultTextures {
                guard let sampler = pass.interface.uniform(named: texture.sampler), sampler.type == .sampler2D, pass.inputs[texture.sampler] == nil,
                      !nodes.contains(where: { $0.name == texture.node }) else { continue }
                let location = pass.source.location(line: sampler.line, column: sampler.column)
                pass.inputs[texture.sampler] = Wire(node: texture.node, location: location)
                if !added.contains(where: { $0.name == texture.node }) {
                    added.append(Node(name: texture.node, kind: .pattern(PatternSource(size: PixelSize(width: 256, height: 256), picture: texture.picture)),
                                      location: location))
                }
            }
            nodes[index].kind = .shader(pass)
        }
        return nodes + added
    }
}

import ShaderLanguage

extension PassPlan {
    /// The node and the name a uniform of this pass's program was declared with: a fused pass's member and
    /// the name it wrote (nil and `uniform` itself for a pass of one node).
    public func declaration(ofProgramUniform uniform: String) -> (node: String?, name: String) {
        for member in shader.fusedMembers {
            if let declared = member.renamed.first(where: { $0.value == uniform })?.key { return (member.node, declared) }
        }
        return (nil, uniform)
    }

    /// The nodes this pass draws: a fused pass's members, else `node`.
    public func nodes(drawnAs node: String) -> [String] {
        shader.fusedMembers.isEmpty ? [node] : shader.fusedMembers.map(\.node)
    }

    /// The name `uniform` of `node` has in this pass's program.
    public func programUniform(_ uniform: String, of node: String) -> String {
        shader.fusedMembers.first { $0.node == node }?.renamed[uniform] ?? uniform
    }

    /// Whether a new value for `uniform` can simply be written into the running program: true for a uniform
    /// the composition gives a literal. Not for one a wire sets every frame, nor for GPUImage's texel steps
    /// (the vertex stage's neighbour offsets follow them) or an ISF input that a pass's WIDTH or HEIGHT
    /// reads: those are settled when the graph is bound, so a new value needs the graph bound again.
    /// `uniform` is the name the program has for it (a fused pass's renamed one).
    public func takesLiveValue(for uniform: String) -> Bool {
        guard let planned = uniforms.first(where: { $0.name == uniform }), case .literal = planned.value else { return false }
        let declared = declaration(ofProgramUniform: uniform).name
        if (TexelStepUniforms.neighbourhood.names + TexelStepUniforms.blur.names).contains(declared) { return false }
        let sizes = isfChain?.passes.flatMap { [$0.width, $0.height] }.compactMap { $0 } ?? []
        return !sizes.contains { $0.text.contains("$" + declared) }
    }
}

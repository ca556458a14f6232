extension PassPlan {
    /// Whether a new value for `uniform` can simply be written into the running program: true for a uniform
    /// the composition gives a literal. Not for one a wire sets every frame, nor for GPUImage's texel steps
    /// (the vertex stage's neighbour offsets follow them) or an ISF input that a pass's WIDTH or HEIGHT
    /// reads: those are settled when the graph is bound, so a new value needs the graph bound again.
    public func takesLiveValue(for uniform: String) -> Bool {
        guard let planned = uniforms.first(where: { $0.name == uniform }), case .literal = planned.value else { return false }
        if (TexelStepUniforms.neighbourhood.names + TexelStepUniforms.blur.names).contains(uniform) { return false }
        let sizes = isfChain?.passes.flatMap { [$0.width, $0.height] }.compactMap { $0 } ?? []
        return !sizes.contains { $0.text.contains("$" + uniform) }
    }
}

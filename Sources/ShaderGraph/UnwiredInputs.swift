import ShaderLanguage

/// The inputs of a node that a wire dropped on it could go into and that the composition sets to nothing yet: a
/// shader's or compute node's parameters for a value, its image inputs for an image, in the order its files
/// declare them. What the graph view offers when a wire is let go over a box rather than one of its ports.
public enum UnwiredInputs {
    /// The inputs by name, with the section (`inputs` or `uniforms`) each is written under.
    public static func of(_ name: String, takingImage: Bool, in composition: Composition) -> [(key: String, section: String)] {
        switch composition.node(named: name)?.kind {
        case .shader(let pass)?:
            let interface = pass.interface
            if takingImage {
                let own = interface.ownPreviousFrameInput?.name
                return interface.pictureSamplers.filter { pass.inputs[$0.name] == nil && $0.name != own }.map { ($0.name, "inputs") }
            }
            return interface.parameters.filter { pass.uniforms[$0.name] == nil }.map { ($0.name, "uniforms") }
        case .compute(let kernel)?:
            var seen = Set<String>()
            let declared = kernel.passes.flatMap { pass in
                takingImage ? pass.interface.samplers.map(\.name) + pass.interface.images.filter { !$0.access.writes }.map(\.name)
                    : pass.interface.uniforms.filter { $0.type != .sampler2D && !ComputePlan.frameUniforms.contains($0.name) }.map(\.name)
            }
            return declared.filter { kernel.inputs[$0] == nil && kernel.uniforms[$0] == nil && seen.insert($0).inserted }
                .map { ($0, takingImage ? "inputs" : "uniforms") }
        default:
            return []
        }
    }
}

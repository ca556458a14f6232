import CGLES
import ShaderGraph

/// Tuning: a parameter's new value written into the program that runs it, so the next frame shows it without
/// anything compiled or bound again.
extension GraphExecutor {
    /// Sets `uniform` of shader node `node` to `values` (its components, in GLSL order) from the next frame
    /// on. False when that cannot be done in place (see `PassPlan.takesLiveValue(for:)`), the node does not
    /// run, or `values` has the wrong count: the graph must then be built again with the value.
    @discardableResult
    /// A node drawn inside a fused pass has its uniform set in that pass's program, under the name it has there.
    public func setUniform(_ declared: String, of node: String, to values: [Float]) -> Bool {
        guard let (index, uniform) = plan.program(drawing: node, uniform: declared), case .pass(let pass) = plan.steps[index].work,
              case .shader(let step) = steps[index].work, pass.takesLiveValue(for: uniform),
              let planned = pass.uniforms.first(where: { $0.name == uniform }),
              values.count == (planned.type.componentCount ?? 0) * planned.count else { return false }
        glUseProgram(step.program.name)
        values.withUnsafeBufferPointer { buffer in
            uniformWriter.set(step.program.uniformLocation(uniform), type: planned.type, count: planned.count, values: buffer)
        }
        return true
    }
}

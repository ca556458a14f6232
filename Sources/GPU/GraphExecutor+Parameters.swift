import CGLES
import ShaderGraph

/// Tuning: a parameter's new value written into the program that runs it, so the next frame shows it without
/// anything compiled or bound again.
extension GraphExecutor {
    /// Sets `uniform` of shader, compute or draw node `node` to `values` (its components, in GLSL order) from the next
    /// frame on: in the pass that draws the node (a fused pass's program, under the name it has there), in every
    /// pass drawn from the node's file (glslViewer's buffers), or in each of a compute node's kernels that
    /// declares it. False, and nothing set, when one of them cannot take it in place (see
    /// `PassPlan.takesLiveValue(for:)`; a wired kernel uniform), the node does not run, or `values` has the
    /// wrong count: the graph must then be built again with the value.
    @discardableResult
    public func setUniform(_ uniform: String, of node: String, to values: [Float]) -> Bool {
        if let index = plan.steps.firstIndex(where: { $0.node.name == node }), let compute = steps[index].work as? ComputeStep {
            return compute.setUniform(uniform, to: values, writer: &frame.uniformWriter)
        }
        if let index = plan.steps.firstIndex(where: { $0.node.name == node }), let draw = steps[index].work as? DrawStep {
            return draw.setUniform(uniform, to: values, writer: &frame.uniformWriter)
        }
        guard plan.program(drawing: node, uniform: uniform) != nil else { return false }
        let targets = plan.composition.nodes(sharingParametersOf: node).compactMap { name in
            plan.program(drawing: name, uniform: uniform).map { ($0.step, $0.uniform) }
        }
        var writes: [(program: ShaderProgram, uniform: PassPlan.Uniform)] = []
        for (index, name) in targets {
            guard case .pass(let pass) = plan.steps[index].work, let step = steps[index].work as? ShaderStep, pass.takesLiveValue(for: name),
                  let planned = pass.uniforms.first(where: { $0.name == name }),
                  values.count == (planned.type.componentCount ?? 0) * planned.count else { return false }
            writes.append((step.program, planned))
        }
        for (program, planned) in writes {
            glUseProgram(program.name)
            values.withUnsafeBufferPointer { buffer in
                frame.uniformWriter.set(program.uniformLocation(planned.name), type: planned.type, count: planned.count, values: buffer)
            }
        }
        return true
    }

    /// The camera draw node `node` draws through now; nil when it is not a draw node that runs.
    public func camera(of node: String) -> SceneCamera? {
        guard let index = plan.step(named: node), let draw = steps[index].work as? DrawStep else { return nil }
        return draw.camera
    }

    /// Moves draw node `node`'s camera from the next frame on, nothing bound again; false when it is not a draw
    /// node that runs.
    @discardableResult
    public func setCamera(_ camera: SceneCamera, of node: String) -> Bool {
        guard let index = plan.step(named: node), let draw = steps[index].work as? DrawStep else { return false }
        draw.setCamera(camera, writer: &frame.uniformWriter)
        return true
    }
}

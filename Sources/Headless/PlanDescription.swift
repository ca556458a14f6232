import ShaderGraph
import ShaderLanguage

/// A frame plan as `check --plan` prints it: each step in drawing order with what it reads (pointwise reads
/// marked), a fused pass as the nodes it draws, then which passes are drawn as one program, which draw the YUV planes
/// of a render to a movie, a pipe or a virtual camera, and what is kept from frame to frame (`FramePlan.carriedState`).
public enum PlanDescription {
    /// `written`: the plan of a render that writes YUV planes (`FramePlan(…, packingOutput:)`).
    public static func text(of plan: FramePlan, written: FramePlan? = nil) -> String {
        let names = plan.steps.map(\.node.name)
        var lines = ["plan: \(plan.steps.count) step\(plan.steps.count == 1 ? "" : "s"), output \(names[plan.output])"]
        for (index, step) in plan.steps.enumerated() {
            var line = "  \(index + 1). \(step.node.name) (\(step.node.kind.name))"
            switch step.work {
            case .pass(let pass) where !pass.shader.fusedMembers.isEmpty:
                line = "  \(index + 1). \(members(of: pass).joined(separator: " + ")) (shaders drawn as one program)"
                    + (pass.inputs.isEmpty ? "" : " reads " + pass.inputs.map { names[$0.source] }.joined(separator: ", "))
            case .pass(let pass):
                let reads = pass.inputs.map { input in
                    names[input.source] + (input.isFeedback ? " (previous frame)" : "")
                        + (PointwiseAnalysis.reads(input.sampler, of: pass.shader) ? " (its pixel)" : "")
                }
                if !reads.isEmpty { line += " reads " + reads.joined(separator: ", ") }
            case .reduction(_, let input), .pick(_, let input), .depth(let input):
                line += " reads \(names[input])"
            case .bufferValue(let read, let input):
                line += " reads \(names[input])'s buffer \(read.buffer)"
            default:
                break
            }
            lines.append(line)
        }
        let fused = plan.passes.map { members(of: $0.pass) }.filter { !$0.isEmpty }
        if !fused.isEmpty {
            lines.append("drawn as one program: " + fused.map { $0.joined(separator: " + ") }.joined(separator: "; "))
        } else {
            lines.append(plan.composition.fuses ? "no passes could be drawn as one program" : "every pass drawn on its own (fuse: false or --no-fuse)")
        }
        if let written, case .pass(let pass) = written.steps[written.output].work, pass.packing != nil {
            lines.append("a movie, pipe or virtual camera's YUV planes drawn by: " + members(of: pass).joined(separator: " + "))
        }
        lines.append(plan.carriedState.isEmpty
            ? "nothing is kept from frame to frame: a render from --start K draws no frame before K"
            : "kept from frame to frame, so a render from --start K draws frames 0 to K - 1 first, unwritten: \(plan.carriedStateSummary)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a fused pass draws, by node: a camera's or movie's frames that it converts itself as their conversion.
    private static func members(of pass: PassPlan) -> [String] {
        pass.shader.fusedMembers.enumerated().map { position, member in
            position == 0 && pass.convertedFrame != nil ? "the conversion of \(member.node)" : member.node
        }
    }
}

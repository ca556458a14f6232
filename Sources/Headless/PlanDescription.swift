import ShaderGraph

/// A frame plan as `check --plan` prints it: each step in drawing order with what it reads (pointwise reads
/// marked), then the chains of passes that could be drawn as one program.
public enum PlanDescription {
    public static func text(of plan: FramePlan) -> String {
        let names = plan.steps.map(\.node.name)
        var lines = ["plan: \(plan.steps.count) step\(plan.steps.count == 1 ? "" : "s"), output \(names[plan.output])"]
        for (index, step) in plan.steps.enumerated() {
            var line = "  \(index + 1). \(step.node.name) (\(step.node.kind.name))"
            switch step.work {
            case .pass(let pass):
                let reads = pass.inputs.map { input in
                    names[input.source] + (input.isFeedback ? " (previous frame)" : "")
                        + (PointwiseAnalysis.reads(input.sampler, of: pass.shader) ? " (its pixel)" : "")
                }
                if !reads.isEmpty { line += " reads " + reads.joined(separator: ", ") }
            case .reduction(_, let input), .pick(_, let input):
                line += " reads \(names[input])"
            default:
                break
            }
            lines.append(line)
        }
        let chains = plan.fusibleChains
        lines.append(chains.isEmpty ? "no passes could be drawn as one program"
                     : "could be drawn as one program: " + chains.map { $0.map { names[$0] }.joined(separator: " + ") }.joined(separator: "; "))
        return lines.joined(separator: "\n") + "\n"
    }
}

import ShaderGraph

/// What makes a node's image change with the clock alone, worked out from the linked programs: a window shows
/// such a node at the frame rate, and any other only when something happens (an edit, a key, a camera frame).
extension GraphExecutor {
    /// Whether `node`'s image (or value) can differ from one frame to the next with nothing but the clock moving:
    /// it reads the time, a moving source, or a node that does, through a sampler or uniform its program uses.
    public func changesWithTime(_ node: String) -> Bool {
        guard let target = plan.step(named: node), steps.indices.contains(target) else { return false }
        var varies = [Bool](repeating: false, count: target + 1)
        for index in 0...target { varies[index] = changesWithTime(step: index, given: varies) }
        return varies[target]
    }

    private func changesWithTime(step index: Int, given varies: [Bool]) -> Bool {
        switch steps[index].work {
        case .pattern(_, let timeLocation, _):
            // The moving pattern reads the time; noise and the checkerboard stand still.
            return timeLocation >= 0
        case .sequence, .sound, .time, .oscillator:
            return true
        case .live(let live):
            // A camera's frames wake the window as they come; a movie plays with the clock, as does the pattern an
            // `auto` camera shows until it delivers.
            return live.movie != nil || (live.pattern != nil && live.feed.latest == nil)
        case .shader(let pass):
            return pass.frameUniforms?.readsClock ?? false
                || pass.inputs.contains { $0.isRead && ($0.isFeedback || varies[$0.step]) }
                || pass.wiredUniforms.contains { $0.location >= 0 && varies[$0.source] }
        case .reduction(_, let input):
            return varies[input]
        case .operation(let operation):
            return operation.operands.contains { operand in
                if case .step(let source, _)? = operand { varies[source] } else { false }
            }
        case .source, .keyboard, .constant, .mouse, .key, .pick, .drag:
            return false
        }
    }
}

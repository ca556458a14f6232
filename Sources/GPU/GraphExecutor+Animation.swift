import ShaderGraph

/// What makes a node's image change with the clock alone, worked out from the linked programs: a window shows
/// such a node at the frame rate (or at its movies' rate), and any other only when something happens (an edit,
/// a key, a camera frame).
extension GraphExecutor {
    /// How a node's image moves while nothing but the clock does, from still to always.
    public enum Motion: Comparable, Sendable {
        /// It changes only when something happens.
        case still
        /// It changes when a movie it plays reaches its next frame, and only then.
        case movieFrames
        /// It changes every frame: it reads the time, a moving pattern, a sequence, sound or its own last frame.
        case continuous
    }

    /// How `node`'s image (or value) moves with nothing but the clock: through the time, a moving source, or a
    /// node that moves, read through a sampler or uniform its program uses.
    public func motion(of node: String) -> Motion {
        guard let target = plan.step(named: node), steps.indices.contains(target) else { return .still }
        var motions = [Motion](repeating: .still, count: target + 1)
        for index in 0...target { motions[index] = motion(ofStep: index, given: motions) }
        return motions[target]
    }

    /// Whether `node`'s image can differ from one frame to the next with nothing but the clock moving.
    public func changesWithTime(_ node: String) -> Bool {
        motion(of: node) != .still
    }

    /// Takes each movie's frame for `time` ahead of the frame that shows it; whether any is new. A window whose
    /// only motion is movies draws when this says so, at the movies' rate, instead of at its own.
    public func takeMovieFrames(at time: FrameTime) -> Bool {
        var taken = false
        for step in steps {
            guard case .live(let live) = step.work, let movie = live.movie else { continue }
            let moment = movie.movieTime(at: time.seconds, duration: live.feed.source.duration)
            // A frame that cannot be had is the draw's to report, as a notice.
            if (try? live.feed.update(at: moment, wait: nil, failing: false)) == true { taken = true }
        }
        return taken
    }

    private func motion(ofStep index: Int, given motions: [Motion]) -> Motion {
        switch steps[index].work {
        case .pattern(_, let timeLocation, _):
            // The moving pattern reads the time; noise and the checkerboard stand still.
            return timeLocation >= 0 ? .continuous : .still
        case .sequence, .sound, .time, .oscillator:
            return .continuous
        case .live(let live):
            // A camera's frames wake the window as they come; a movie moves at its own frame rate, and the pattern
            // an `auto` camera shows until it delivers, with the clock.
            if live.movie != nil { return .movieFrames }
            return live.pattern != nil && live.feed.latest == nil ? .continuous : .still
        case .shader(let pass):
            if pass.frameUniforms?.readsClock ?? false { return .continuous }
            if pass.inputs.contains(where: { $0.isRead && $0.isFeedback }) { return .continuous }
            let read = pass.inputs.filter(\.isRead).map { motions[$0.step] }
                + pass.wiredUniforms.filter { $0.location >= 0 }.map { motions[$0.source] }
            return read.max() ?? .still
        case .reduction(_, let input):
            return motions[input]
        case .operation(let operation):
            return operation.operands.compactMap { operand in
                if case .step(let source, _)? = operand { motions[source] } else { nil }
            }.max() ?? .still
        case .source, .keyboard, .constant, .mouse, .key, .pick, .drag:
            return .still
        }
    }
}

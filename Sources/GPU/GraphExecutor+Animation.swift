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
        for index in 0...target { motions[index] = steps[index].work.motion(given: motions) }
        return motions[target]
    }

    /// The fastest any step moves with the clock alone: what a view of every node at once follows. One walk of
    /// the plan, where asking each node in turn would walk it once for each.
    public var motionOfEveryStep: Motion {
        var motions = [Motion](repeating: .still, count: steps.count)
        for index in steps.indices { motions[index] = steps[index].work.motion(given: motions) }
        return motions.max() ?? .still
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
            if let movie = step.work as? MovieStep, movie.takeFrame(at: time) { taken = true }
        }
        return taken
    }
}

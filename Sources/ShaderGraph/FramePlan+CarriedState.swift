import ShaderLanguage

/// What a frame leaves behind for the frames after it, and so what frame N needs drawn before it to be the
/// frame N of one render from frame 0: a render's `--start` range and `inspect --frame` both ask here.
extension FramePlan {
    /// A step whose result depends on the frames before, and why.
    public struct CarriedState: Sendable, Equatable {
        public var node: String
        /// How the node carries it, as a phrase that follows the node's name.
        public var reason: String
    }

    /// The steps that carry something from one frame into the next: feedback (a pass's previous frame read
    /// by itself or through `previous:`, or fetched as `gl_LastFragData`), ISF PERSISTENT targets, sound
    /// spectra smoothed or integrated over frames, and smoothed values. Everything else in a frame is a
    /// function of its time and index alone: oscillators, ShaderToy's `iFrame`, movies decoded by time.
    public var carriedState: [CarriedState] {
        steps.flatMap { step -> [CarriedState] in
            let name = step.node.name
            switch step.work {
            case .pass(let pass):
                var reasons: [String] = []
                if pass.interface.fetchesFramebuffer {
                    reasons.append("reads its last frame through gl_LastFragData")
                } else if pass.keepsPreviousFrame {
                    reasons.append("keeps its last frame, which is read as a previous frame")
                }
                for target in pass.isfChain?.targets ?? [] where target.isPersistent {
                    reasons.append("keeps its PERSISTENT target '\(target.name)'")
                }
                for input in pass.inputs where (input.sound?.accumulation ?? .none) != .none {
                    reasons.append("accumulates the sound of '\(input.sampler)' over frames")
                }
                return reasons.map { CarriedState(node: name, reason: $0) }
            case .compute(let compute):
                let buffers = compute.buffers.filter(\.isPersistent).map { "keeps its persistent buffer '\($0.name)'" }
                let images = compute.targets.filter { target in
                    compute.passes.contains { $0.interface.image(named: target.name)?.access == .readWrite }
                }.map { "reads its image '\($0.name)' as it left it the frame before" }
                return (buffers + images).map { CarriedState(node: name, reason: $0) }
            case .operation(let operation) where operation.operation == .smooth:
                return [CarriedState(node: name, reason: "smooths its value over frames")]
            default:
                return []
            }
        }
    }

    /// The frames drawn, unwritten and unread, before frame `index` so that it is as one render from frame 0
    /// has it: every frame before it where anything carries state, else none.
    public func framesDrawnBefore(_ index: Int) -> Range<Int> {
        carriedState.isEmpty ? index..<index : 0..<index
    }

    /// Why frames before a range are drawn, as one sentence's end: "'trail' keeps its last frame, …".
    public var carriedStateSummary: String {
        carriedState.map { "'\($0.node)' \($0.reason)" }.joined(separator: "; ")
    }

    /// Where a range cannot be the same frames of one long render however it is drawn: state carried across
    /// frames that a live camera feeds, whose frames of long ago cannot be had again. `start` is the range's
    /// first frame (nil where no range is asked yet, as at `check`); a range from frame 0 is exact as far as a
    /// camera ever is.
    public func inexactRange(from start: Int?) -> Diagnostic? {
        guard start.map({ $0 > 0 }) ?? true, let camera = cameraFeedingCarriedState else { return nil }
        let range = start.map { "frames from --start \($0)" } ?? "a render from a --start after 0"
        return .warning("\(range) cannot be the same frames of one long render: \(carriedStateSummary), and the frames drawn before "
                        + "the range take the frames camera '\(camera.name)' gives now, not those a long render would have had",
                        at: camera.location, code: .inexactRange)
    }

    /// The first camera upstream of a node that carries state, through current and previous-frame reads alike.
    private var cameraFeedingCarriedState: Node? {
        let carriers = Set(carriedState.map(\.node))
        var pending = steps.filter { carriers.contains($0.node.name) }.flatMap { step -> [String] in
            guard case .pass(let pass) = step.work else { return [step.node.name] }
            return [step.node.name] + pass.shader.fusedMembers.map(\.node)
        }
        var seen = Set<String>()
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let node = composition.node(named: name) else { continue }
            if case .camera = node.kind { return node }
            pending += (GraphOrder.dependencies(of: node) + GraphOrder.previousFrameReads(of: node)).map(\.node)
        }
        return nil
    }
}

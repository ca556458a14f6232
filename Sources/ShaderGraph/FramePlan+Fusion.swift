/// Which shader passes of a plan could be drawn as one program: chains in which each pass reads the one before
/// only at its own pixel (`PointwiseAnalysis`), at the same size, and nothing else reads the one before. The
/// plan states them; `check --plan` prints them.
extension FramePlan {
    /// Each chain of two or more pass steps that could be fused, in drawing order.
    public var fusibleChains: [[Int]] {
        var next: [Int: Int] = [:], previous: [Int: Int] = [:]
        for index in steps.indices {
            guard let source = fusibleSource(of: index) else { continue }
            next[source] = index
            previous[index] = source
        }
        return next.keys.filter { previous[$0] == nil }.sorted().map { start in
            var chain = [start]
            while let following = next[chain.last!] { chain.append(following) }
            return chain
        }
    }

    /// The pass whose colour step `index` takes at its own pixel, when the two could be one program.
    func fusibleSource(of index: Int) -> Int? {
        guard case .pass(let pass) = steps[index].work, pass.isfChain == nil, !pass.keepsPreviousFrame else { return nil }
        let candidates = pass.inputs.filter { input in
            guard !input.isFeedback, !input.sampling.isFlipped, case .pass(let source) = steps[input.source].work else { return false }
            return source.isfChain == nil && !source.keepsPreviousFrame && source.size == pass.size && source.format == pass.format
                && readers(of: input.source) == 1 && PointwiseAnalysis.reads(input.sampler, of: pass.shader)
        }
        return candidates.count == 1 ? candidates[0].source : nil
    }

    /// How many times step `index`'s image is read in a frame or kept after it.
    func readers(of index: Int) -> Int {
        var count = kept.contains(steps[index].node.name) ? 1 : 0
        for step in steps {
            switch step.work {
            case .pass(let pass): count += pass.inputs.filter { $0.source == index }.count
            case .reduction(_, let input), .pick(_, let input): if input == index { count += 1 }
            default: break
            }
        }
        return count
    }
}

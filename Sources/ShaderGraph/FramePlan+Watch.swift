/// A plan in which one node's shader records a watched expression instead of drawing its colour.
extension FramePlan {
    /// This plan with `node`'s shader instrumented for `watch` (see `WatchInstrumentation`), drawing into a float
    /// target so what it records is exact.
    public func watching(_ watch: ShaderWatch, of node: String, reading: WatchInstrumentation.Reading) throws(Diagnostic) -> FramePlan {
        guard let index = step(named: node), case .pass(var pass) = steps[index].work else {
            throw .error("node '\(node)' has no shader to watch")
        }
        pass.shader.fragmentSource = try WatchInstrumentation.fragmentSource(of: pass.shader, watching: watch, reading: reading)
        pass.shader.framebufferFetchSource = nil
        pass.format = .rgba32f
        var plan = self
        plan.steps[index].work = .pass(pass)
        return plan
    }
}

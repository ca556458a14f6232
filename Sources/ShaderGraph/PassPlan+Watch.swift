import ShaderLanguage

/// A pass whose shader records a watched expression instead of drawing its colour.
extension PassPlan {
    /// This pass with its shader instrumented for `watch` (see `WatchInstrumentation`), drawing into float
    /// targets so what it records is exact.
    public func watching(_ watch: ShaderWatch) throws(Diagnostic) -> PassPlan {
        var pass = self
        pass.shader.fragmentSource = try WatchInstrumentation.fragmentSource(of: shader, watching: watch)
        pass.shader.framebufferFetchSource = nil
        pass.format = .rgba32f
        return pass
    }
}

import ShaderLanguage

/// A step that shows a live source's frames (a camera, a movie): what the executor reports of its source.
protocol LiveFeedStep: BoundStep {
    var feed: FrameFeed { get }
    /// A warning while the source is not delivering.
    var notice: Diagnostic? { get }
}

extension LiveFeedStep {
    var notice: Diagnostic? { feed.notice }
}

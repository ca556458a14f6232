/// One step of a frame plan bound to GL: its kind's work (a `BoundStep`, one type per kind under Steps/), and
/// which pooled images go back to the pool once it has run.
struct ExecutableStep {
    let work: any BoundStep
    let releases: [Int]
    /// Whether its image comes from the pool (`BoundStep.isPooled`), asked once rather than every frame.
    let isPooled: Bool

    init(work: any BoundStep, releases: [Int]) {
        self.work = work
        self.releases = releases
        isPooled = work.isPooled
    }
}

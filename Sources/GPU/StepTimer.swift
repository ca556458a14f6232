import CGLES

/// What each step of a frame costs on the GPU, for showing every node's price side by side. Where the driver
/// has timer queries (EXT_disjoint_timer_query, which Mesa's llvmpipe lists too) each step is bracketed by one
/// and the results are read once the frame is queued; else each step is finished (`glFinish`) and the wall
/// clock read between, which keeps the driver from overlapping steps. Either way it waits for the frame's work,
/// so it runs only while someone looks at the figures.
final class StepTimer {
    /// One query per step, where the driver has them.
    private let queries: [TimerQuery]?
    private let clock = ContinuousClock()
    private var lapStarted: ContinuousClock.Instant
    /// The step whose query is running: a step that threw leaves it running into the next frame.
    private var running: Int?

    init(steps: Int) {
        queries = GLInfo.supportsTimerQueries ? (0..<steps).map { _ in TimerQuery() } : nil
        lapStarted = clock.now
    }

    /// Before the frame's first step: what was queued before it is not charged to that step.
    func frameStarts() {
        if let queries {
            if let running { queries[running].end() }
            running = nil
            // Reading the flag clears it: a disjoint event from now on spoils this frame's figures.
            var disjoint: GLint = 0
            glGetIntegerv(GLenum(GL_GPU_DISJOINT_EXT), &disjoint)
        } else {
            glFinish()
            lapStarted = clock.now
        }
    }

    func stepStarts(_ step: Int) {
        guard let queries else { return }
        queries[step].begin()
        running = step
    }

    /// After a step: its milliseconds when they are known at once (finishing), else nil until `frameEnded`.
    func stepEnded(_ step: Int) -> Double? {
        if let queries {
            queries[step].end()
            running = nil
            return nil
        }
        glFinish()
        let now = clock.now
        defer { lapStarted = now }
        return Self.milliseconds(now - lapStarted)
    }

    /// After the frame's last step: each step's milliseconds from its query, waiting for them, into
    /// `milliseconds`; left as they were when the GPU says the timings are unreliable (a disjoint event).
    func frameEnded(into milliseconds: inout [Double?]) {
        guard let queries else { return }
        let results = queries.map(\.milliseconds)
        var disjoint: GLint = 0
        glGetIntegerv(GLenum(GL_GPU_DISJOINT_EXT), &disjoint)
        guard disjoint == 0 else { return }
        for (step, result) in results.enumerated() { milliseconds[step] = result }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// A GL timer query: the GPU time between `begin` and `end`.
final class TimerQuery {
    private let query = GLObject(.query)

    func begin() {
        glBeginQuery(GLenum(GL_TIME_ELAPSED_EXT), query.name)
    }

    func end() {
        glEndQuery(GLenum(GL_TIME_ELAPSED_EXT))
    }

    /// The time measured, in milliseconds; waits until the GPU has done the work between.
    var milliseconds: Double {
        var nanoseconds: GLuint = 0
        glGetQueryObjectuiv(query.name, GLenum(GL_QUERY_RESULT), &nanoseconds)
        return Double(nanoseconds) / 1e6
    }
}

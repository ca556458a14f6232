import CGLES

/// What each step of a frame costs on the GPU, for showing every node's price side by side. Where the driver
/// has timer queries (EXT_disjoint_timer_query, which Mesa's llvmpipe lists too) each step is bracketed by one
/// and the results are read in a later frame, once the GPU says they are there, so the frame never waits for
/// them; else each step is finished (`glFinish`) and the wall clock read between, which keeps the driver from
/// overlapping steps. Figures read a few times a second are all a person can follow, so only a frame every
/// `interval` is timed: the frames between cost nothing extra.
final class StepTimer {
    static let interval = Duration.milliseconds(250)
    /// One query per step, where the driver has them.
    private let queries: [TimerQuery]?
    private let clock = ContinuousClock()
    private var lapStarted: ContinuousClock.Instant
    /// When the last timed frame started; none before the first.
    private var lastTimed: ContinuousClock.Instant?
    /// Whether this frame's steps are timed.
    private var timing = false
    /// Whether a timed frame's queries are issued and not read yet.
    private(set) var isWaitingForResults = false
    /// The step whose query is running: a step that threw leaves it running into the next frame.
    private var running: Int?

    init(steps: Int) {
        queries = GLInfo.supportsTimerQueries ? (0..<steps).map { _ in TimerQuery() } : nil
        lapStarted = clock.now
    }

    /// Before the frame's first step: decides whether the frame is timed; what was queued before it is not
    /// charged to its first step.
    func frameStarts() {
        if let running { queries?[running].end() }
        running = nil
        let now = clock.now
        timing = !isWaitingForResults && lastTimed.map { now - $0 >= Self.interval } ?? true
        guard timing else { return }
        lastTimed = now
        if queries != nil {
            // Reading the flag clears it: a disjoint event from now on spoils this frame's figures.
            var disjoint: GLint = 0
            glGetIntegerv(GLenum(GL_GPU_DISJOINT_EXT), &disjoint)
        } else {
            glFinish()
            lapStarted = clock.now
        }
    }

    func stepStarts(_ step: Int) {
        guard timing, let queries else { return }
        queries[step].begin()
        running = step
    }

    /// After a step: its milliseconds when they are known at once (finishing), else nil until they are read.
    func stepEnded(_ step: Int) -> Double? {
        guard timing else { return nil }
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

    /// After the frame's last step: a timed frame's queries wait for their results; once the GPU has them (the
    /// last step's is there), each step's milliseconds go into `milliseconds`, left as they were when the GPU
    /// says the timings are unreliable (a disjoint event). Whether new figures came in this frame.
    func frameEnded(into milliseconds: inout [Double?]) -> Bool {
        defer { timing = false }
        guard let queries else { return timing }
        if timing { isWaitingForResults = true }
        guard isWaitingForResults, queries.last?.isAvailable ?? true else { return false }
        isWaitingForResults = false
        let results = queries.map(\.milliseconds)
        var disjoint: GLint = 0
        glGetIntegerv(GLenum(GL_GPU_DISJOINT_EXT), &disjoint)
        guard disjoint == 0 else { return false }
        for (step, result) in results.enumerated() where result != nil { milliseconds[step] = result }
        return true
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

    /// Whether the GPU has the result, so reading it does not wait.
    var isAvailable: Bool {
        var available: GLuint = 0
        glGetQueryObjectuiv(query.name, GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
        return available != 0
    }

    /// The time measured, in milliseconds; waits until the GPU has done the work between. Nil for the
    /// all-ones result llvmpipe gives a query begun before the context drew anything, which has no start.
    var milliseconds: Double? {
        var nanoseconds: GLuint = 0
        glGetQueryObjectuiv(query.name, GLenum(GL_QUERY_RESULT), &nanoseconds)
        return nanoseconds == .max ? nil : Double(nanoseconds) / 1e6
    }
}

import CGLFW
import Dispatch
import Foundation
import GPU
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Compiles, links and warms up programs on a thread of its own, with a context that shares objects with
/// the window's, so the window keeps drawing the last good program while a new one builds.
final class BackgroundCompiler {
    struct Job: Sendable {
        var generation: Int
        var node: String
        var shader: PreparedShader
        /// How the pass will draw, so the warm-up draw matches it.
        var layout: ProgramWarmUp.Layout
    }

    struct Result: Sendable {
        var job: Job
        var outcome: Swift.Result<LinkedProgram, DiagnosticsError>
        var started: ContinuousClock.Instant
        var finished: ContinuousClock.Instant
    }

    /// State shared with the worker thread; everything in it is behind the mutex or is itself thread-safe.
    private final class Queue: Sendable {
        struct State {
            var jobs: [Job] = []
            var results: [Result] = []
            var stopping = false
        }

        let state = Locked(State())
        let work = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
    }

    /// The hidden window's context. Only the worker makes it current, after the main thread created it.
    private struct ContextHandle: @unchecked Sendable {
        let window: OpaquePointer
    }

    private let queue = Queue()
    private var running = true

    init(sharedContext: OpaquePointer) {
        let queue = queue
        let context = ContextHandle(window: sharedContext)
        let thread = Thread {
            glfwMakeContextCurrent(context.window)
            while true {
                queue.work.wait()
                let next: Job? = queue.state.withLock { state in
                    state.stopping ? nil : (state.jobs.isEmpty ? nil : state.jobs.removeFirst())
                }
                guard let job = next else {
                    if queue.state.withLock({ $0.stopping }) { break }
                    continue
                }
                let started = ContinuousClock.now
                let outcome: Swift.Result<LinkedProgram, DiagnosticsError>
                do throws(DiagnosticsError) {
                    let linked = try ShaderProgram.link(job.shader)
                    ProgramWarmUp.draw(linked, samplers: job.shader.interface.samplers.map(\.name), layout: job.layout)
                    outcome = .success(linked)
                } catch {
                    outcome = .failure(error)
                }
                queue.state.withLock { $0.results.append(Result(job: job, outcome: outcome, started: started, finished: .now)) }
                GLFWWindow.wake()
            }
            glfwMakeContextCurrent(nil)
            queue.stopped.signal()
        }
        thread.name = "shaderbench-compiler"
        thread.start()
    }

    func submit(_ jobs: [Job]) {
        queue.state.withLock { $0.jobs += jobs }
        for _ in jobs { queue.work.signal() }
    }

    /// Forgets the jobs not yet started; the one compiling now still finishes and is collected.
    func dropQueued() {
        queue.state.withLock { $0.jobs.removeAll() }
    }

    /// Results finished since the last call, oldest first.
    func collect() -> [Result] {
        queue.state.withLock { state in
            defer { state.results.removeAll() }
            return state.results
        }
    }

    /// Stops the worker and waits for it to release its context; the window must outlive this.
    func stop() {
        guard running else { return }
        running = false
        queue.state.withLock { $0.stopping = true }
        queue.work.signal()
        queue.stopped.wait()
    }

    deinit {
        stop()
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where a render's time goes, stage by stage and thread by thread, when `SHADERBENCH_FRAME_STAGES` names a file
/// (`Benchmarks stages` reads it). Each thread's stages are timed exclusively: a stage inside another is taken out
/// of the outer one, so a thread's stages and its `unaccounted` rest add up to its wall time from the first stage
/// it began to the last it ended. Off, a stage costs one test of a constant.
public enum FrameStages {
    /// The file the totals are written to at `write()`; nil when stages are not timed.
    public static let path: String? = ProcessInfo.processInfo.environment["SHADERBENCH_FRAME_STAGES"].flatMap { $0.isEmpty ? nil : $0 }
    public static var isOn: Bool { path != nil }

    /// Runs `body` as stage `name` of the calling thread.
    @inline(__always)
    public static func time<Result, Failure: Error>(_ name: StaticString, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard isOn else { return try body() }
        begin()
        defer { end(name) }
        return try body()
    }

    /// Writes one line a thread and stage: `thread<TAB>stage<TAB>seconds<TAB>count`, each thread ending with its
    /// `unaccounted` rest and its `wall` time.
    public static func write() {
        guard let path else { return }
        let lines = threads.withLock { threads in
            threads.values.sorted { $0.name < $1.name }.flatMap { thread in
                let accounted = thread.stages.values.reduce(0) { $0 + $1.seconds }
                let wall = thread.lastEnd - thread.firstBegin
                return thread.stages.sorted { $0.key < $1.key }.map { "\(thread.name)\t\($0.key)\t\($0.value.seconds)\t\($0.value.count)" }
                    + ["\(thread.name)\tunaccounted\t\(max(0, wall - accounted))\t1", "\(thread.name)\twall\t\(wall)\t1"]
            }
        }
        try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    private struct Stage {
        var seconds = 0.0
        var count = 0
    }

    private struct Thread {
        var name: String
        var stages: [String: Stage] = [:]
        /// Each open stage's start and the time its inner stages took.
        var open: [(start: Double, inner: Double)] = []
        var firstBegin = Double.infinity
        var lastEnd = 0.0
    }

    private static let threads = Locked<[UInt: Thread]>([:])

    private static func begin() {
        let now = monotonicSeconds(), id = UInt(pthread_self())
        threads.withLock { threads in
            if threads[id] == nil { threads[id] = Thread(name: currentThreadName()) }
            threads[id]!.open.append((now, 0))
            threads[id]!.firstBegin = min(threads[id]!.firstBegin, now)
        }
    }

    private static func end(_ name: StaticString) {
        let now = monotonicSeconds(), id = UInt(pthread_self())
        threads.withLock { threads in
            guard var thread = threads[id], let stage = thread.open.popLast() else { return }
            let total = now - stage.start
            thread.stages["\(name)", default: Stage()].seconds += total - stage.inner
            thread.stages["\(name)", default: Stage()].count += 1
            if !thread.open.isEmpty { thread.open[thread.open.count - 1].inner += total }
            thread.lastEnd = now
            threads[id] = thread
        }
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The kernel's name of the calling thread (`/proc/thread-self/comm`), which the threads give themselves.
    private static func currentThreadName() -> String {
        let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        return name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "thread"
    }
}

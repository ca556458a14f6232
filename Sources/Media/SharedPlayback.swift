import Foundation
import OperatingSystem

/// What a movie's decode thread and its callers share: the queue behind a lock, one condition that wakes
/// whichever side waits for the other, and how opening went. A thread of its own keeps no reference to the
/// reader, so releasing the reader stops it.
final class SharedPlayback: Sendable {
    let queue: Locked<PlaybackQueue>
    private let opening = Locked<Result<MovieInfo, MediaError>?>(nil)
    /// Broadcast after every change either side makes; waiters check the queue while holding its lock, so
    /// no change slips between a check and the wait.
    private let changed = NSCondition()
    /// Signalled once when the thread has released the file.
    let threadEnded = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        queue = Locked(PlaybackQueue(capacity: capacity, tolerance: 1e-6))
    }

    /// Changes the queue without waiting and wakes the other side.
    func update<Result: Sendable>(_ change: (inout PlaybackQueue) -> Result) -> Result {
        let result = queue.withLock { change(&$0) }
        changed.lock()
        changed.broadcast()
        changed.unlock()
        return result
    }

    /// Runs `attempt` until it gives a result, waiting for the other side between tries; nil when
    /// `deadline` passes first. A try that changed the queue (a seek asked for, frames let go) wakes the
    /// other side; one that changed nothing does not, so two waiters never wake each other in turn.
    func waitFor<Result: Sendable>(until deadline: Date?, _ attempt: (inout PlaybackQueue) -> Result?) -> Result? {
        changed.lock()
        defer { changed.unlock() }
        while true {
            let (result, didChange) = queue.withLock { queue in
                let before = queue.changeMark
                let result = attempt(&queue)
                return (result, queue.changeMark != before)
            }
            if didChange { changed.broadcast() }
            if let result { return result }
            if let deadline {
                if !changed.wait(until: deadline) { return queue.withLock { attempt(&$0) } }
            } else {
                changed.wait()
            }
        }
    }

    /// The thread's report on opening the file.
    func reportOpening(_ result: Result<MovieInfo, MediaError>) {
        opening.withLock { $0 = result }
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    /// Waits for the thread's report on opening the file.
    func waitUntilOpened() -> Result<MovieInfo, MediaError> {
        changed.lock()
        defer { changed.unlock() }
        while true {
            if let result = opening.withLock({ $0 }) { return result }
            changed.wait()
        }
    }
}

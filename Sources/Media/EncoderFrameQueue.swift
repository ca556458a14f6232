import Dispatch
import OperatingSystem
import VideoFrames

/// The few frames waiting between the producer (a render loop, a window) and the encoder thread. Bounded by
/// construction: a producer either waits for room or is told there is none, so memory never grows with a
/// slow encoder.
final class EncoderFrameQueue: Sendable {
    enum Entry: Sendable {
        case frame(VideoFrame, index: Int)
        /// Flush the encoder, write the trailer and stop.
        case finish

        var byteCount: Int {
            if case .frame(let frame, _) = self { return frame.bytes.count }
            return 0
        }
    }

    enum Outcome {
        case queued
        /// No room, and the producer would not wait.
        case full
        /// The encoder thread has stopped taking entries.
        case closed
    }

    private struct Contents {
        var entries: [Entry] = []
        var closed = false
        var mostEverQueued = 0
        var bytesQueued = 0
        var mostBytesEverQueued = 0
    }

    let capacity: Int
    private let contents = Locked(Contents())
    /// Counts the free places; a producer takes one before queueing.
    private let room = DispatchSemaphore(value: 0)
    /// Counts the queued entries; the encoder thread takes one before dequeuing.
    private let waiting = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        // Signalled up rather than created with the count: libdispatch traps when a semaphore is released
        // holding less than its initial value, which a queue released while full would.
        for _ in 0..<self.capacity { room.signal() }
    }

    /// Queues `entry`, waiting for room when `waitForRoom`, else giving up at once when full.
    func put(_ entry: Entry, waitForRoom: Bool) -> Outcome {
        if waitForRoom {
            room.wait()
        } else if room.wait(timeout: .now()) == .timedOut {
            return .full
        }
        let queued = contents.withLock { contents in
            guard !contents.closed else { return false }
            contents.entries.append(entry)
            contents.mostEverQueued = max(contents.mostEverQueued, contents.entries.count)
            contents.bytesQueued += entry.byteCount
            contents.mostBytesEverQueued = max(contents.mostBytesEverQueued, contents.bytesQueued)
            return true
        }
        guard queued else {
            // Passes the wake-up on, so every producer blocked behind a closed queue returns.
            room.signal()
            return .closed
        }
        waiting.signal()
        return .queued
    }

    /// The oldest entry, waiting for one.
    func take() -> Entry {
        waiting.wait()
        let entry = contents.withLock { contents in
            let entry = contents.entries.removeFirst()
            contents.bytesQueued -= entry.byteCount
            return entry
        }
        room.signal()
        return entry
    }

    /// Refuses every later entry and wakes producers waiting for room; the encoder thread calls it last.
    func close() {
        contents.withLock { contents in
            contents.closed = true
            contents.entries.removeAll()
            contents.bytesQueued = 0
        }
        room.signal()
    }

    /// The most entries ever queued at once: never more than the capacity.
    var mostEverQueued: Int { contents.withLock { $0.mostEverQueued } }

    /// The most frame bytes ever queued at once: what the queue held, whatever the allocator keeps.
    var mostBytesEverQueued: Int { contents.withLock { $0.mostBytesEverQueued } }
}

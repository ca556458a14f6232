import Foundation

/// The one frame a live source's thread has ready for the render thread: a newer frame replaces one not yet
/// taken (counted as dropped), so nothing queues behind a slow reader, and the storage of frames let go is
/// used again, so a steady source allocates nothing.
public final class NewestFrame: @unchecked Sendable {
    /// Spare frames kept for reuse: the one being filled, the one waiting, the one being uploaded.
    public static let spareLimit = 3

    // Guarded by `arrived`, which is also what a waiting reader sleeps on.
    private var latest: VideoFrame?
    private var spare: [[UInt8]] = []
    private var delivered = 0
    private var dropped = 0
    private var woken = false
    private let arrived = NSCondition()

    public init() {}

    private func locked<Result>(_ body: () -> Result) -> Result {
        arrived.lock()
        defer { arrived.unlock() }
        return body()
    }

    /// Storage for the next frame: one given back, else empty.
    public func takeStorage() -> [UInt8] {
        locked { spare.popLast() } ?? []
    }

    /// Makes `frame` the one to take, letting go of any not taken; `missed` counts frames the source lost
    /// before this one.
    public func publish(_ frame: VideoFrame, missed: Int = 0) {
        locked {
            if let replaced = latest {
                dropped += 1
                if spare.count < Self.spareLimit { spare.append(replaced.bytes) }
            }
            latest = frame
            delivered += 1
            dropped += missed
            arrived.broadcast()
        }
    }

    /// The frame not taken yet, if any.
    public func take() -> VideoFrame? {
        locked {
            defer { latest = nil }
            return latest
        }
    }

    /// Like `take`, waiting up to `timeout` seconds for a frame, or until `wake` is called.
    public func wait(timeout: Double) -> VideoFrame? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return locked {
            while true {
                let (frame, wasWoken) = (latest, woken)
                latest = nil
                woken = false
                if let frame { return frame }
                if wasWoken || !arrived.wait(until: deadline) { return nil }
            }
        }
    }

    /// Ends a wait with no frame (the source stopping, or failing).
    public func wake() {
        locked {
            woken = true
            arrived.broadcast()
        }
    }

    public func recycle(_ frame: VideoFrame) { giveBack(frame.bytes) }

    /// Keeps `storage` (from `takeStorage`, or a frame's bytes) for a later frame.
    public func giveBack(_ storage: [UInt8]) {
        locked {
            if spare.count < Self.spareLimit { spare.append(storage) }
        }
    }

    /// Frames published so far, and how many of them were replaced before anyone took them.
    public var counts: (delivered: Int, dropped: Int) { locked { (delivered, dropped) } }
}

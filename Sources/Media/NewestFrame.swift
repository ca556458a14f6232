import Foundation
import OperatingSystem
import VideoFrames

/// The one frame a live stream's thread has ready for the render thread: a newer frame replaces one not yet
/// taken (counted as dropped), so nothing queues behind a slow reader, and the storage of frames let go is
/// used again, so a steady stream allocates nothing.
final class NewestFrame: Sendable {
    private struct State {
        var latest: VideoFrame?
        var spare: [[UInt8]] = []
        var delivered = 0
        var dropped = 0
        var woken = false
    }

    /// Spare frames kept for reuse: the one being filled, the one waiting, the one being uploaded.
    static let spareLimit = 3

    private let state = Locked(State())
    private let arrived = NSCondition()

    /// Storage for the next frame: one given back, else empty.
    func takeStorage() -> [UInt8] {
        state.withLock { $0.spare.popLast() } ?? []
    }

    /// Makes `frame` the one to take, letting go of any not taken.
    func publish(_ frame: VideoFrame) {
        state.withLock { state in
            if let replaced = state.latest {
                state.dropped += 1
                if state.spare.count < Self.spareLimit { state.spare.append(replaced.bytes) }
            }
            state.latest = frame
            state.delivered += 1
        }
        signal()
    }

    /// The frame not taken yet, if any.
    func take() -> VideoFrame? {
        state.withLock { state in
            defer { state.latest = nil }
            return state.latest
        }
    }

    /// Like `take`, waiting up to `timeout` seconds for a frame, or until `wake` is called.
    func wait(timeout: Double) -> VideoFrame? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        arrived.lock()
        defer { arrived.unlock() }
        while true {
            let (frame, woken) = state.withLock { state in
                defer { state.latest = nil; state.woken = false }
                return (state.latest, state.woken)
            }
            if let frame { return frame }
            if woken || !arrived.wait(until: deadline) { return nil }
        }
    }

    /// Ends a wait with no frame (the stream stopping).
    func wake() {
        state.withLock { $0.woken = true }
        signal()
    }

    func recycle(_ frame: VideoFrame) {
        state.withLock { state in
            if state.spare.count < Self.spareLimit { state.spare.append(frame.bytes) }
        }
    }

    /// Frames published so far, and how many of them were replaced before anyone took them.
    var counts: (delivered: Int, dropped: Int) { state.withLock { ($0.delivered, $0.dropped) } }

    private func signal() {
        arrived.lock()
        arrived.broadcast()
        arrived.unlock()
    }
}

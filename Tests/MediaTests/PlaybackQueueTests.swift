@testable import Media
import Testing
import VideoFrames

/// The rules that pick a frame for a time, without a decoder: frames are made by hand at 30 fps.
struct PlaybackQueueTests {
    private func frame(_ index: Int) -> VideoFrame {
        let layout = FrameLayout(contiguous: .rgba, width: 1, height: 1, bytesPerRow: 4,
                                 encoding: ColorEncoding(matrix: .bt601, range: .limited))
        return VideoFrame(layout: layout, bytes: [0, 0, 0, 0], sequence: UInt32(index), timestamp: Double(index) / 30)
    }

    private func delivered(_ decision: PlaybackQueue.Decision) -> Int? {
        if case .deliver(let frame) = decision { Int(frame.sequence) } else { nil }
    }

    private func isWait(_ decision: PlaybackQueue.Decision) -> Bool {
        if case .wait = decision { true } else { false }
    }

    @Test func aWaitingCallerWaitsUntilTheNextFrameShowsTheLastOneIsTheRightOne() {
        var queue = PlaybackQueue(capacity: 4, tolerance: 1e-6)
        _ = queue.publish(frame(0), generation: 0)
        let first = queue.take(at: 0, waiting: true)
        #expect(isWait(first))
        _ = queue.publish(frame(1), generation: 0)
        let second = queue.take(at: 0, waiting: true)
        #expect(delivered(second) == 0)
    }

    @Test func aCallerThatDoesNotWaitTakesTheNewestDueAndCountsTheRest() {
        var queue = PlaybackQueue(capacity: 4, tolerance: 1e-6)
        for index in 0..<4 { _ = queue.publish(frame(index), generation: 0) }
        let taken = queue.take(at: 0.5, waiting: false)
        #expect(delivered(taken) == 3)
        #expect(queue.framesDropped == 3)
        let work = queue.nextWork()
        #expect(work == .decode(generation: 0), "room again for the decoder")
    }

    @Test func aFullQueueGivesTheDecoderNothingToDo() {
        var queue = PlaybackQueue(capacity: 4, tolerance: 1e-6)
        for index in 0..<4 { _ = queue.publish(frame(index), generation: 0) }
        let work = queue.nextWork()
        #expect(work == nil)
    }

    @Test func aTimeBeforeTheFramesASeekBroughtSeeksAgain() {
        var queue = PlaybackQueue(capacity: 4, tolerance: 1e-6)
        _ = queue.publish(frame(0), generation: 0)
        let farAhead = queue.take(at: 9, waiting: true)
        #expect(isWait(farAhead), "far ahead: a seek")
        let seek = queue.nextWork()
        #expect(seek == .seek(to: 9, generation: 1))
        let stale = queue.publish(frame(1), generation: 0)
        #expect(!stale, "decoded before the seek")
        let landed = queue.publish(frame(147), generation: 1)
        #expect(landed)
        queue.finish(.truncated(reachedEnd: 5, stated: 10), generation: 1)
        // Frame 147 was the answer for 9 s; for 1 s it is not.
        let back = queue.take(at: 1, waiting: true)
        #expect(isWait(back))
        let seekBack = queue.nextWork()
        #expect(seekBack == .seek(to: 1, generation: 2))
    }
}

@testable import Media
import TestSupport
import Testing

/// A live recording never holds up its producer and never queues without bound: frames the encoder has no
/// room for are dropped and counted.
struct DropPolicyTests {
    @Test func framesComingFasterThanTheEncoderAreDroppedAndCountedWithMemoryBounded() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("live.mkv")
        let frames = NumberedFrames(width: 1920, height: 1080)
        let writer = try MovieWriter(MovieSettings(path: path, width: 1920, height: 1080, frameRate: 30,
                                                   whenBehind: .drop, queueCapacity: 3))
        let base = frames.frame(0)
        let count = 300
        var refused = 0
        for index in 0..<count {
            // A fresh frame each time, as a window's readback makes: 3 MB, 900 MB in all.
            var frame = base
            frame.bytes[frame.bytes.count - 1] = UInt8(truncatingIfNeeded: index)
            if try !writer.append(frame, frameIndex: index) { refused += 1 }
        }
        #expect(refused > 0, "the encoder kept up with 1080p frames appended as fast as they are made")
        #expect(writer.framesDropped == refused)
        #expect(writer.mostFramesQueued <= 3)
        // What the writer held, not what the process keeps resident: an allocator may keep freed frames (a
        // sanitizer's quarantine does), which says nothing about the queue. Queued without bound, this would
        // approach the 900 MB appended.
        #expect(writer.mostBytesQueued <= 3 * base.bytes.count, "the writer held \(writer.mostBytesQueued / 1_000_000) MB of frames")
        try writer.finish()
        #expect(writer.framesWritten + writer.framesDropped == count)
        #expect(try WrittenMovie(path).frameCount == count - refused)
    }

    @Test func aRenderWaitsForTheEncoderAndDropsNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("render.mp4")
        let frames = NumberedFrames(width: 640, height: 360)
        let writer = try MovieWriter(MovieSettings(path: path, width: 640, height: 360, frameRate: 30, queueCapacity: 2))
        for index in 0..<60 {
            #expect(try writer.append(frames.frame(index), frameIndex: index))
        }
        try writer.finish()
        #expect(writer.framesDropped == 0)
        #expect(writer.mostFramesQueued <= 2)
        #expect(try WrittenMovie(path).frameNumbers(drawnBy: frames) == Array(0..<60))
    }
}

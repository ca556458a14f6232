import Foundation
@testable import Media
import OperatingSystem
import Synchronization
import Testing
import TestSupport
import VideoFrames

/// The window's side: a caller that never waits, a queue that never grows, a thread that stops.
struct MovieReaderPlaybackTests {
    @Test func withoutWaitingItTakesTheNewestFrameDecodedAndCountsTheRestAsDropped() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip()
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mp4"))
        // Nothing taken yet: the thread stops once the queue is full, holding frames 0 to 3.
        #expect(eventually { reader.queuedFrames == MovieReader.queueCapacity })
        let frame = try #require(try reader.frame(at: 0.5, wait: nil))
        // Frame 15 is due but not decoded: a waiting reader would have waited for it.
        #expect(frameNumber(of: frame, in: clip) == MovieReader.queueCapacity - 1)
        #expect(reader.framesDropped == MovieReader.queueCapacity - 1)
    }

    @Test func withoutWaitingItNeverBlocksOnTheDecoder() throws {
        let folder = try TemporaryFolder()
        // One keyframe for the whole movie: every seek decodes from the first frame, which takes far longer
        // than a request may.
        var clip = TestClip(width: 1920, height: 1080, frames: 120)
        clip.extraArguments = ["-x264-params", "keyint=120:min-keyint=120:scenecut=0"]
        let path = try folder.write(clip, as: "clip.mp4")
        // What waiting for the decoder costs here: one seek to the last frame, decoded from the first.
        let seekCost = try {
            let reference = try MovieReader(path: path)
            let asked = Date()
            if let frame = try reference.frame(at: 119.0 / 30, wait: 60) { reference.recycle(frame) }
            return Date().timeIntervalSince(asked)
        }()
        let reader = try MovieReader(path: path)
        // Played sixty-four times faster than real time (the whole movie within 63 ms), the decoder falls
        // behind and seeks; the caller must not wait for either.
        var slowest = 0.0
        var shown = 0
        let start = Date()
        while Date().timeIntervalSince(start) < 0.25 {
            let asked = Date()
            let frame = try reader.frame(at: Date().timeIntervalSince(start) * 64, wait: nil)
            slowest = max(slowest, Date().timeIntervalSince(asked))
            if let frame {
                shown += 1
                reader.recycle(frame)
            }
        }
        // Against this machine's own seek, so a slow or busy machine changes both sides alike.
        #expect(slowest < seekCost / 4, "the slowest request took \(slowest) s; a seek takes \(seekCost) s")
        #expect(shown > 0)
        #expect(shown < 120, "frames were skipped, not waited for")
    }

    @Test func aWaitingCallerWaitsThroughASeekLongerThanItsWaitWhileTheDecoderWorks() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip(width: 1280, height: 720, frames: 240)
        clip.extraArguments = ["-x264-params", "keyint=240:min-keyint=240:scenecut=0"]
        let path = try folder.write(clip, as: "clip.mp4")
        let last = Double(clip.frames - 1) / Double(clip.fps)
        let seekCost = try {
            let reference = try MovieReader(path: path)
            let asked = Date()
            if let frame = try reference.frame(at: last, wait: 60) { reference.recycle(frame) }
            return Date().timeIntervalSince(asked)
        }()
        // The seek decodes 240 pictures from the only keyframe: a quarter of its time is some sixty pictures'
        // time, which no one picture takes, but the whole seek is four times as long.
        let reader = try MovieReader(path: path)
        let frame = try #require(try reader.frame(at: last, wait: seekCost / 4))
        #expect(frameNumber(of: frame, in: clip) == clip.frames - 1)
    }

    @Test func theQueueNeverHoldsMoreThanItsCapacity() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip(frames: 90)
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mp4"))
        // A consumer that stops taking frames: the decoder must stop too, not decode the whole movie.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(reader.queuedFrames == MovieReader.queueCapacity)
        for k in 0..<60 {
            if let frame = try reader.frame(at: Double(k) / 30, wait: 10) { reader.recycle(frame) }
            if k % 20 == 0 { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(reader.peakQueuedFrames == MovieReader.queueCapacity)
    }

    @Test func onFrameRunsWhenAWantedFrameIsDecoded() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip(frames: 60)
        let calls = Atomic<Int>(0)
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mp4")) { calls.add(1, ordering: .relaxed) }
        _ = try reader.frame(at: 1.5, wait: 10)
        #expect(eventually(timeout: 5) { calls.load(ordering: .relaxed) > 0 })
    }

    @Test func decodesOnAThreadNamedForIt() throws {
        let folder = try TemporaryFolder()
        let names = Locked<Set<String>>([])
        let reader = try MovieReader(path: try folder.write(TestClip(), as: "clip.mp4")) {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            names.withLock { _ = $0.insert(trimmed) }
        }
        _ = try reader.frame(at: 0.5, wait: 10)
        #expect(eventually { !names.withLock { $0.isEmpty } })
        // Linux keeps the first 15 bytes of a thread's name.
        #expect(names.withLock { $0 } == ["shaderbench-mov"])
    }

    @Test func stopEndsTheThreadAndNoFrameComesAfter() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip()
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mp4"))
        #expect(eventually { reader.queuedFrames > 0 })
        reader.stop()
        reader.stop()
        #expect(try reader.frame(at: 0, wait: 1) == nil)
        #expect(try reader.frame(at: 0.5, wait: nil) == nil)
    }
}

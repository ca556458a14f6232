import Foundation
@testable import Media
import Testing
import TestSupport
import VideoFrames

/// Which frame a time asks for: the last frame whose presentation time is at or before it, exactly, however
/// fast the decoder runs. Frame k of an n fps movie covers [k/n, (k+1)/n).
struct MovieReaderTimingTests {
    /// Waits for the frame at `seconds` and reads the number drawn in it.
    private func number(at seconds: Double, from reader: MovieReader, clip: TestClip) throws -> Int? {
        let frame = try #require(try reader.frame(at: seconds, wait: 10))
        defer { reader.recycle(frame) }
        return frameNumber(of: frame, in: clip)
    }

    @Test(arguments: ["mp4", "mkv"])
    func frameKAtTimeKOverTheRateShowsNumberK(container: String) throws {
        let folder = try TemporaryFolder()
        let clip = TestClip()
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.\(container)"))
        // Matroska rounds timestamps to milliseconds: frame 2 is stamped 0.067, after 2/30.
        for k in 0..<clip.frames {
            let frame = try #require(try reader.frame(at: Double(k) / Double(clip.fps), wait: 10))
            #expect(frameNumber(of: frame, in: clip) == k)
            #expect(abs(frame.timestamp - Double(k) / 30) < 0.001)
            reader.recycle(frame)
        }
    }

    @Test func aTimeBetweenFramesShowsTheFrameThatCoversIt() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip()
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mp4"))
        for k in stride(from: 0, to: clip.frames, by: 3) {
            #expect(try number(at: (Double(k) + 0.9) / 30, from: reader, clip: clip) == k)
        }
    }

    @Test func theFrameAlreadyTakenIsNotGivenAgain() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip()
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mp4"))
        #expect(try number(at: 5.0 / 30, from: reader, clip: clip) == 5)
        #expect(try reader.frame(at: 5.5 / 30, wait: 10) == nil)
        #expect(try reader.frame(at: 5.5 / 30, wait: nil) == nil)
    }

    @Test func durationIsWhenTheLastFrameEndsAndLaterTimesShowTheLastFrame() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip()
        for container in ["mp4", "mkv"] {
            let reader = try MovieReader(path: try folder.write(clip, as: "clip.\(container)"))
            #expect(reader.duration == 1.0)
            #expect(reader.info.duration == 1.0)
            #expect(reader.info.frameRate == 30)
            #expect(try number(at: 0.99, from: reader, clip: clip) == 29)
            #expect(try reader.frame(at: 5, wait: 10) == nil, "the last frame is still the one shown")
            let again = try MovieReader(path: folder.file("clip.\(container)"))
            #expect(try number(at: 60, from: again, clip: clip) == 29)
        }
    }

    @Test func backwardsRequestsSeekToTheExactFrame() throws {
        let folder = try TemporaryFolder()
        // A keyframe each second: reaching frame 50 means decoding forward from frame 30.
        let clip = TestClip(frames: 90)
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mp4"))
        #expect(try number(at: 80.0 / 30, from: reader, clip: clip) == 80)
        #expect(try number(at: 50.0 / 30, from: reader, clip: clip) == 50)
        #expect(try number(at: 51.0 / 30, from: reader, clip: clip) == 51)
        // A loop starting over.
        #expect(try number(at: 0, from: reader, clip: clip) == 0)
        #expect(try number(at: 1.0 / 30, from: reader, clip: clip) == 1)
    }

    @Test(arguments: ["mp4", "mkv"])
    func farForwardRequestsSeekToTheExactFrame(container: String) throws {
        let folder = try TemporaryFolder()
        let clip = TestClip(frames: 300)
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.\(container)"))
        #expect(try number(at: 0, from: reader, clip: clip) == 0)
        #expect(try number(at: 225.0 / 30, from: reader, clip: clip) == 225)
        #expect(try number(at: 226.0 / 30, from: reader, clip: clip) == 226)
        #expect(try number(at: 280.5 / 30, from: reader, clip: clip) == 280)
        #expect(reader.framesDropped == 0, "frames before a seek's target are not frames dropped")
    }

    @Test func aVariableFrameRateMovieShowsEachFrameForItsOwnDuration() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        // Frames 0–9 a thirtieth of a second apart, then a fifteenth.
        clip.extraFilters = ["setpts='if(lt(N,10),N,10+(N-10)*2)/30/TB'"]
        clip.extraArguments = ["-vsync", "vfr"]
        let reader = try MovieReader(path: try folder.write(clip, as: "clip.mkv"))
        for k in 0..<10 {
            #expect(try number(at: Double(k) / 30, from: reader, clip: clip) == k)
        }
        for k in 10..<30 {
            let start = Double(10 + (k - 10) * 2) / 30
            #expect(try number(at: start, from: reader, clip: clip) == k)
            #expect(try reader.frame(at: start + 1.0 / 30, wait: 10) == nil, "frame \(k) still shows")
        }
        #expect(abs(reader.info.duration - 49.0 / 30) < 0.002)
    }
}

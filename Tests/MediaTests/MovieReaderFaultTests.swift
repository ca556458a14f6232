import Foundation
@testable import Media
import Testing
import TestSupport
import VideoFrames

/// Files that are not playable movies fail at opening with a message that starts with the path and says
/// what is wrong; a movie that breaks off part of the way through plays up to there, then says why not.
struct MovieReaderFaultTests {
    private func openingError(_ path: String) -> String? {
        do {
            _ = try MovieReader(path: path)
            return nil
        } catch {
            return error.message
        }
    }

    private func ffmpeg(_ arguments: [String], in folder: TemporaryFolder) throws {
        let result = try runProcess("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments, in: folder.path)
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func aMissingFileSaysSo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("absent.mp4")
        #expect(openingError(path) == "\(path): cannot open the file: No such file or directory")
    }

    @Test func aFolderIsNotAMovie() throws {
        let folder = try TemporaryFolder()
        let message = try #require(openingError(folder.path))
        #expect(message.hasPrefix("\(folder.path): "))
    }

    @Test func aTextFileIsNotAMovie() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.mp4")
        try "just some words, not a movie\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(openingError(path) == "\(path): is not a movie file FFmpeg can read: Invalid data found when processing input")
    }

    @Test func soundAloneHasNoVideoStream() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tone.wav")
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=0.5", path], in: folder)
        #expect(openingError(path) == "\(path): has no video stream")
    }

    @Test func aCodecWithoutADecoderIsNamed() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip(frames: 3)
        clip.videoCodec = "mpeg4"
        clip.extraArguments = ["-vtag", "XVID"]
        let path = try folder.write(clip, as: "clip.avi")
        // AVI's AVS2 tag names a codec FFmpeg 5.1 knows but Debian builds no decoder for.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let tag = Data("XVID".utf8)
        while let found = bytes.range(of: tag) { bytes.replaceSubrange(found, with: Data("AVS2".utf8)) }
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(openingError(path) == "\(path): unsupported video codec avs2")
    }

    @Test func aVideoStreamWithoutFramesSaysSo() throws {
        let folder = try TemporaryFolder()
        // A YUV4MPEG header promises pictures; none follow.
        let path = folder.file("empty.y4m")
        try "YUV4MPEG2 W320 H240 F30:1 Ip A1:1 C420jpeg\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(openingError(path) == "\(path): has no video frames")
    }

    @Test func anMP4CutInHalfWithItsIndexAtTheEndFailsAtOpening() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(TestClip(frames: 60), as: "clip.mp4")
        try truncate(path, toFractionOfItsSize: 0.5)
        let message = try #require(openingError(path))
        #expect(message.hasPrefix("\(path): is not a movie file FFmpeg can read: "))
    }

    @Test func aWholeMovieVerifies() throws {
        let folder = try TemporaryFolder()
        let reader = try MovieReader(path: try folder.write(TestClip(), as: "clip.mkv"))
        try reader.verify()
    }

    @Test func aMatroskaFileCutInHalfPlaysToTheCutThenSaysItIsTruncated() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip(frames: 300)
        let path = try folder.write(clip, as: "clip.mkv")
        try truncate(path, toFractionOfItsSize: 0.5)
        let reader = try MovieReader(path: path)
        #expect(reader.info.duration == 10)
        #expect(reader.isPresent)

        #expect(throws: MediaError.self) { try reader.verify() }
        do {
            try reader.verify()
        } catch {
            #expect(error.message.hasPrefix("\(path): the file ends at "))
            #expect(error.message.hasSuffix(" s, before its stated 10.00 s: it is truncated"))
        }

        let early = try #require(try reader.frame(at: 2, wait: 10))
        #expect(frameNumber(of: early, in: clip) == 60)
        reader.recycle(early)
        do {
            _ = try reader.frame(at: 9, wait: 10)
            Issue.record("a frame past the cut was delivered")
        } catch {
            #expect(error.message.hasPrefix("\(path): the file ends at "))
            #expect(error.message.hasSuffix(" s, before its stated 10.00 s: it is truncated"))
            #expect(reader.notice == error.message)
        }
        #expect(reader.isPresent)
        // Starting over plays again; the notice, a fault of the file, stays the same line.
        let notice = reader.notice
        let again = try #require(try reader.frame(at: 1, wait: 10))
        #expect(frameNumber(of: again, in: clip) == 30)
        #expect(reader.notice == notice)
    }

    private func truncate(_ path: String, toFractionOfItsSize fraction: Double) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: UInt64(Double(size) * fraction))
        try handle.close()
    }
}

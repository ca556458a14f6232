import Foundation
@testable import Media
import TestSupport
import Testing

/// Sound copied from another movie: a span of its packets, unchanged, moved to start at zero.
struct AudioPassthroughTests {
    /// One AAC frame: 1024 samples at the source's 48 kHz. The span kept is whole packets whose times fall
    /// in [start, start + duration), so its length is within one packet of the duration asked for.
    static let aacFrame = 1024.0 / 48000

    /// Three seconds of TestClip with its 440 Hz AAC tone.
    static func source(in folder: TemporaryFolder) throws -> String {
        var clip = TestClip(width: 160, height: 120, fps: 30, frames: 90)
        clip.audio = true
        let path = folder.file("source.mp4")
        try clip.write(to: path)
        return path
    }

    @Test(arguments: ["mp4", "mkv", "mov"])
    func aSpanOfTheSourcesSoundIsCopiedToStartWithTheFirstFrame(fileExtension: String) throws {
        let folder = try TemporaryFolder()
        let source = try Self.source(in: folder)
        let path = folder.file("with-sound.\(fileExtension)")
        let frames = NumberedFrames(width: 160, height: 120)
        let writer = try MovieWriter(MovieSettings(path: path, width: 160, height: 120, frameRate: 30,
                                                   audio: AudioPassthrough(sourcePath: source, start: 1, duration: 1.5)))
        for index in 0..<45 {
            try writer.append(frames.frame(index), frameIndex: index)
        }
        try writer.finish()
        #expect(writer.warnings.isEmpty)

        let movie = WrittenMovie(path)
        let audio = try #require(try movie.audio)
        #expect(audio.codec_name == "aac")
        let packets = try movie.audioPackets()
        // The sound starts with the first frame shown. The first packet's own time is the container's to
        // normalise, so the second one says where the sound begins.
        let videoStart = try #require(try movie.packets(of: "v:0").map(\.time).min())
        #expect(packets.count > 1)
        #expect(abs(packets[1].time - Self.aacFrame - videoStart) <= Self.aacFrame, "sound at \(packets[1].time), video at \(videoStart)")
        let length = Double(packets.count) * Self.aacFrame
        #expect(abs(length - 1.5) <= Self.aacFrame, "\(packets.count) packets")
        #expect(try movie.frameNumbers(drawnBy: frames) == Array(0..<45))
    }

    @Test(arguments: ["mp4", "mkv"])
    func theSoundIsInterleavedSoACopyTakenBeforeFinishHoldsItToo(fileExtension: String) throws {
        let folder = try TemporaryFolder()
        let source = try Self.source(in: folder)
        let path = folder.file("recording.\(fileExtension)")
        let frames = NumberedFrames(width: 160, height: 120)
        let fps = 10
        let writer = try MovieWriter(MovieSettings(path: path, width: 160, height: 120, frameRate: .init(fps),
                                                   audio: AudioPassthrough(sourcePath: source), whenBehind: .drop))
        var appended = 0
        for index in 0..<28 {
            if try writer.append(frames.frame(index), frameIndex: index) { appended += 1 }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(eventually(timeout: 20) { writer.framesWritten == appended })
        let copy = folder.file("copy.\(fileExtension)")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try writer.finish()

        // The copy holds at least the video's seconds but the last, and the sound that plays with them.
        let seconds = Double(appended - fps) / Double(fps)
        let packets = try WrittenMovie(copy).audioPackets()
        #expect(Double(packets.count) * Self.aacFrame >= seconds - Self.aacFrame, "\(packets.count) packets")
    }

    @Test func aSourceWithoutSoundMakesASilentMovieWithoutError() throws {
        let folder = try TemporaryFolder()
        let source = folder.file("silent.mp4")
        try TestClip(width: 160, height: 120, fps: 30, frames: 10).write(to: source)
        let path = folder.file("silent-copy.mp4")
        let writer = try MovieWriter(MovieSettings(path: path, width: 160, height: 120, frameRate: 30,
                                                   audio: AudioPassthrough(sourcePath: source)))
        try writer.append(NumberedFrames(width: 160, height: 120).frame(0), frameIndex: 0)
        try writer.finish()
        #expect(try WrittenMovie(path).audio == nil)
        #expect(try WrittenMovie(path).frameCount == 1)
    }

    @Test func soundTheContainerCannotHoldIsLeftOutWithAWarning() throws {
        let folder = try TemporaryFolder()
        let source = try Self.source(in: folder)
        let path = folder.file("no-aac.webm")
        let writer = try MovieWriter(MovieSettings(path: path, width: 160, height: 120, frameRate: 30,
                                                   audio: AudioPassthrough(sourcePath: source, duration: 1)))
        #expect(writer.warnings == ["\(path): .webm movies cannot hold aac sound from \(source); the movie is silent"])
        try writer.append(NumberedFrames(width: 160, height: 120).frame(0), frameIndex: 0)
        try writer.finish()
        #expect(try WrittenMovie(path).audio == nil)
        #expect(try WrittenMovie(path).frameCount == 1)
    }
}

import Foundation
@testable import Media
import TestSupport
import Testing

/// A recording is never lost: the bytes on disk at any moment play up to about the last second, and a full
/// disk is a clear error.
struct RecordingSurvivalTests {
    @Test(arguments: ["mp4", "mov", "mkv", "webm"])
    func aCopyTakenBeforeFinishPlaysAllButTheLastSecond(fileExtension: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("recording.\(fileExtension)")
        let frames = NumberedFrames(width: 160, height: 120)
        let fps = 10
        // A live recording: frames leave the encoder as they go in, so what the muxer has is what was appended.
        let writer = try MovieWriter(MovieSettings(path: path, width: 160, height: 120, frameRate: .init(fps),
                                                   whenBehind: .drop))
        var appended = 0
        for index in 0..<35 {
            // Paced so that nothing drops; a dropped frame is simply not counted.
            if try writer.append(frames.frame(index), frameIndex: index) { appended += 1 }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(eventually(timeout: 20) { writer.framesWritten == appended })

        // The bytes on disk now are what a process killed now would leave.
        let copy = folder.file("copy.\(fileExtension)")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let numbers = try WrittenMovie(copy).frameNumbers(drawnBy: frames)
        #expect(numbers.count >= appended - fps, "\(numbers.count) of \(appended) frames")
        #expect(numbers == numbers.indices.map { $0 }, "frames in order from the first")
        try writer.finish()
    }

    @Test func aFullDiskIsAClearError() throws {
        let frames = NumberedFrames(width: 320, height: 240)
        var failure: MediaError?
        do {
            let writer = try MovieWriter(MovieSettings(path: "/dev/full", width: 320, height: 240, frameRate: 30,
                                                       container: "mp4"))
            for index in 0..<60 {
                try writer.append(frames.frame(index), frameIndex: index)
            }
            try writer.finish()
        } catch {
            failure = error
        }
        let message = try #require(failure).message
        #expect(message.hasPrefix("/dev/full: "))
        #expect(message.hasSuffix(": No space left on device"))
    }
}

import Foundation
@testable import Media
import TestSupport
import Testing

/// Sound handed to a writer as it is heard (a window's recording): placed by its time, silence where none
/// came, and ending with the last frame.
struct RecordedSoundTests {
    /// A 1 kHz tone at half scale, interleaved stereo, `seconds` long from `start` seconds.
    static func tone(from start: Double, seconds: Double) -> [Float] {
        let first = Int(start * 48_000), count = Int(seconds * 48_000)
        return (first..<first + count).flatMap { index -> [Float] in
            let value = Float(0.5 * sin(2 * Double.pi * 1000 * Double(index) / 48_000))
            return [value, value]
        }
    }

    /// The root mean square of `samples` between two moments.
    static func loudness(_ samples: [Float], from start: Double, to end: Double) -> Float {
        let slice = samples[Int(start * 48_000)..<Int(end * 48_000)]
        return (slice.reduce(0) { $0 + $1 * $1 } / Float(slice.count)).squareRoot()
    }

    @Test func soundIsPlacedByItsTimeWithSilenceBetweenAndEndsWithTheLastFrame() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("recording.mp4")
        let frames = NumberedFrames(width: 64, height: 48)
        var settings = MovieSettings(path: path, width: 64, height: 48, frameRate: 30)
        settings.recordsSound = true
        let writer = try MovieWriter(settings)
        // Sound for the first half second, none for the next half, then more than the pictures last.
        for block in 0..<10 { writer.appendSound(Self.tone(from: Double(block) * 0.05, seconds: 0.05), at: Double(block) * 0.05) }
        for index in 0..<60 {
            try writer.append(frames.frame(index), frameIndex: index)
            if index == 30 { writer.appendSound(Self.tone(from: 1, seconds: 1.5), at: 1) }
        }
        try writer.finish()

        let sound = try DecodedSound(path: path)
        #expect(sound.sampleRate == 48_000 && sound.channels.count == 2)
        // Two seconds of pictures: as much sound, give or take the encoder's priming and its last frame of
        // 1024 samples each.
        #expect(sound.length >= 96_000 && sound.length <= 96_000 + 2048, "\(sound.length) samples")
        let left = sound.channels[0]
        #expect(abs(Self.loudness(left, from: 0.1, to: 0.4) - 0.354) < 0.03)
        #expect(Self.loudness(left, from: 0.6, to: 0.9) < 0.01)
        #expect(abs(Self.loudness(left, from: 1.1, to: 1.9) - 0.354) < 0.03)
    }

    @Test func aMovieWithoutRecordedSoundHasNoSoundStream() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("silent.mp4")
        let writer = try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30))
        writer.appendSound(Self.tone(from: 0, seconds: 0.1), at: 0)
        try writer.append(NumberedFrames(width: 64, height: 48).frame(0), frameIndex: 0)
        try writer.finish()
        #expect(try MovieProbe(path: path).audio == nil)
    }
}

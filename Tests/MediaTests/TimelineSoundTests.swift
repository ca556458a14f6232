import Foundation
@testable import Media
import TestSupport
import Testing

/// Sound known ahead (a render's soundtrack), read along the movie's timeline as the frames are written:
/// heard at its own time, as long as the pictures, in the codec the container takes.
struct TimelineSoundTests {
    /// Silence, then a 1 kHz tone at half scale from `onset` seconds on, in both channels.
    struct ToneFrom: TimelineSound {
        var onset: Double

        func samples(from first: Int, count: Int) -> [Float] {
            (first..<first + count).flatMap { index -> [Float] in
                let seconds = Double(index) / Double(MovieWriter.soundSampleRate)
                let value = seconds < onset ? 0 : Float(0.5 * sin(2 * Double.pi * 1000 * seconds))
                return [value, value]
            }
        }
    }

    func write(_ path: String, frames: Int, sound: some TimelineSound, codec: String? = nil) throws -> MovieWriter {
        let writer = try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30, codec: codec, sound: sound))
        let pictures = NumberedFrames(width: 64, height: 48)
        for index in 0..<frames { try writer.append(pictures.frame(index), frameIndex: index) }
        try writer.finish()
        return writer
    }

    @Test("the sound is heard at its own time, the encoder's priming before it, and lasts as long as the pictures",
          arguments: [("mp4", "aac"), ("mkv", "aac"), ("mov", "aac"), ("webm", "opus")])
    func heardAtItsTime(fileExtension: String, codec: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("known.\(fileExtension)")
        let writer = try write(path, frames: 60, sound: ToneFrom(onset: 0.5))
        #expect(writer.warnings.isEmpty, "\(writer.warnings)")

        #expect(try WrittenMovie(path).audio?.codec_name == codec)
        let sound = try DecodedSound(path: path)
        #expect(sound.sampleRate == 48_000 && sound.channels.count == 2)
        // Two seconds of pictures: as much sound, give or take the encoder's last frame.
        #expect(sound.length >= 96_000 - 1024 && sound.length <= 96_000 + 2048, "\(sound.length) samples")
        let onset = try #require(SoundOnset.find(in: sound.channels[0], rate: 48_000, after: 0))
        #expect(abs(onset - 0.5) < 0.004, "the tone starts at \(onset) s")
        #expect(RecordedSoundTests.loudness(sound.channels[1], from: 0.6, to: 1.9) > 0.33)
    }
}

import Foundation
import Media
import TestSupport
import Testing

/// Sound files and soundtracks decoded whole to float samples, one array per channel.
@Suite("Decoding sound")
struct DecodedSoundTests {
    @Test("a WAV and a FLAC tone decode to their rate, channels, length and swing", arguments: ["wav", "flac"])
    func tone(fileExtension: String) throws {
        let folder = try TemporaryFolder()
        var tone = TestTone(frequency: 1000, amplitude: 0.5, seconds: 0.5)
        tone.silentSecondChannel = true
        let path = folder.file("tone.\(fileExtension)")
        try tone.write(to: path)
        let sound = try DecodedSound(path: path)
        #expect(sound.sampleRate == 48_000)
        #expect(sound.channels.count == 2)
        #expect(sound.length == 24_000)
        #expect(abs((sound.channels[0].max() ?? 0) - 0.5) < 0.001)
        #expect(sound.channels[1].allSatisfy { $0 == 0 })
        // A quarter period (12 samples at 1 kHz) in, the sine is at its peak.
        #expect(abs(sound.channels[0][12] - 0.5) < 0.001)
    }

    @Test("a movie's soundtrack decodes; a movie without sound, and a file that is no media, are errors naming the file")
    func soundtracks() throws {
        let folder = try TemporaryFolder()
        try TestClip(width: 64, height: 48, fps: 30, frames: 15, audio: true).write(to: folder.file("with.mp4"))
        #expect(try DecodedSound(path: folder.file("with.mp4")).length > 20_000)
        try TestClip(width: 64, height: 48, fps: 30, frames: 15).write(to: folder.file("without.mp4"))
        do {
            _ = try DecodedSound(path: folder.file("without.mp4"))
        } catch {
            #expect(error.message == "\(folder.file("without.mp4")): has no sound")
        }
        let text = try folder.write("notes.txt", "not a sound")
        do {
            _ = try DecodedSound(path: text)
            Issue.record("a text file decoded as sound")
        } catch {
            #expect(error.message.hasPrefix("\(text): is not a sound or movie file FFmpeg can read"))
        }
    }
}

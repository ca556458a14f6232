import Foundation
import Media
import TestSupport
import Testing

/// The sound of a rendered movie: the movie node's soundtrack heard where its pictures are, through loops,
/// speeds and the held last frame, encoded for the container, as a user renders it.
@Suite("Sound in rendered movies", .serialized)
struct MovieSoundRenderTests {
    /// A one-second clip at 30 fps whose soundtrack is a 1 kHz tone at half scale for its first half and
    /// silence for its second, so where each moment of it is heard can be told from the loudness.
    static func clip(in folder: TemporaryFolder) throws {
        var clip = TestClip(width: 160, height: 120, fps: 30, frames: 30)
        clip.audio = true
        clip.soundSource = "aevalsrc=0.5*sin(2*PI*1000*t)*lt(t\\,0.5):s=48000"
        try clip.write(to: folder.file("clip.mp4"))
        try folder.write("copy.fsh", MovieRenderTests.passThrough)
    }

    /// Renders `clip.mp4` through a movie node with the YAML `options` (`loop: false`, `speed: 2`).
    static func render(in folder: TemporaryFolder, node options: String = "", _ arguments: [String]) throws -> ProcessResult {
        let composition = try folder.write("show.yaml", """
            nodes:
              clip: { kind: movie, file: clip.mp4\(options.isEmpty ? "" : ", " + options) }
              show: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: clip } }
            output: show
            """)
        return try runShaderbench(["render", composition] + arguments)
    }

    /// The loudness (root mean square) of the first channel between two moments.
    static func loudness(_ sound: DecodedSound, from start: Double, to end: Double) -> Float {
        let slice = sound.channels[0][Int(start * Double(sound.sampleRate))..<Int(end * Double(sound.sampleRate))]
        return (slice.reduce(0) { $0 + $1 * $1 } / Float(slice.count)).squareRoot()
    }

    /// Whether the tone is heard between two moments (0.354 when it is) or silence (0).
    static func hearsTone(_ sound: DecodedSound, from start: Double, to end: Double) -> Bool? {
        let level = loudness(sound, from: start, to: end)
        return level > 0.33 ? true : level < 0.01 ? false : nil
    }

    @Test("a render that loops the movie has sound as long as its pictures, the loop point heard where it is shown")
    func acrossTheLoop() throws {
        let folder = try TemporaryFolder()
        try Self.clip(in: folder)
        // From the movie's 0.5 s: its silent half, the tone as it starts again, the silent half again.
        let result = try Self.render(in: folder, ["--start", "15", "--frames", "45", "--out", folder.file("out.mp4")])
        #expect(result.status == 0, "\(result.error)")
        let probe = try MovieProbe(path: folder.file("out.mp4"))
        let video = try #require(probe.video), audio = try #require(probe.audio)
        #expect(video.frames == 45)
        #expect(audio.codec == "aac" && audio.startTime == 0)
        let videoLength = try #require(video.duration), audioLength = try #require(audio.duration)
        #expect(abs(videoLength - 1.5) < 0.01 && abs(audioLength - 1.5) < 0.03, "video \(videoLength) s, sound \(audioLength) s")

        let sound = try DecodedSound(path: folder.file("out.mp4"))
        #expect(abs(Double(sound.length) / 48_000 - 1.5) < 0.03, "\(sound.length) samples")
        #expect(Self.hearsTone(sound, from: 0.05, to: 0.48) == false)
        #expect(Self.hearsTone(sound, from: 0.52, to: 0.98) == true)
        #expect(Self.hearsTone(sound, from: 1.02, to: 1.45) == false)
        // The loop point is heard with the frame that shows it, to the encoder's few milliseconds.
        let onset = try #require(SoundOnset.find(in: sound.channels[0], rate: sound.sampleRate, after: 0.2))
        #expect(abs(onset - 0.5) < 0.004, "the tone starts again at \(onset) s")
    }

    @Test("a movie that does not loop holds its last frame in silence")
    func heldLastFrameIsSilent() throws {
        let folder = try TemporaryFolder()
        try Self.clip(in: folder)
        let result = try Self.render(in: folder, node: "loop: false", ["--frames", "45", "--out", folder.file("out.mkv")])
        #expect(result.status == 0, "\(result.error)")
        let sound = try DecodedSound(path: folder.file("out.mkv"))
        #expect(abs(Double(sound.length) / 48_000 - 1.5) < 0.03, "\(sound.length) samples")
        #expect(Self.hearsTone(sound, from: 0.05, to: 0.45) == true)
        #expect(Self.hearsTone(sound, from: 0.55, to: 1.45) == false)
    }

    @Test("a movie at twice the speed is heard at twice the speed: each half of it in a quarter second")
    func speed() throws {
        let folder = try TemporaryFolder()
        try Self.clip(in: folder)
        let result = try Self.render(in: folder, node: "speed: 2", ["--frames", "30", "--out", folder.file("out.mp4")])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("warning"), "\(result.error)")
        let sound = try DecodedSound(path: folder.file("out.mp4"))
        #expect(abs(Double(sound.length) / 48_000 - 1) < 0.03, "\(sound.length) samples")
        for (start, tone) in [(0.02, true), (0.27, false), (0.52, true), (0.77, false)] {
            #expect(Self.hearsTone(sound, from: start, to: start + 0.21) == tone, "from \(start) s")
        }
    }

    @Test("a WebM render of a movie with AAC sound carries it as Opus, as long as the pictures")
    func webmSoundIsOpus() throws {
        let folder = try TemporaryFolder()
        try Self.clip(in: folder)
        let result = try runShaderbench(["render", folder.file("copy.fsh"), "--input", folder.file("clip.mp4"), "--frames", "30",
                                         "--out", folder.file("out.webm")])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("warning"), "\(result.error)")
        let audio = try #require(try MovieProbe(path: folder.file("out.webm")).audio)
        #expect(audio.codec == "opus")
        let sound = try DecodedSound(path: folder.file("out.webm"))
        #expect(abs(Double(sound.length) / 48_000 - 1) < 0.03, "\(sound.length) samples")
        #expect(Self.hearsTone(sound, from: 0.02, to: 0.48) == true)
        #expect(Self.hearsTone(sound, from: 0.52, to: 0.98) == false)
    }

    @Test("a movie without sound renders a silent movie without a warning: nothing asked for sound")
    func silentSource() throws {
        let folder = try TemporaryFolder()
        try TestClip(width: 160, height: 120, fps: 30, frames: 10).write(to: folder.file("clip.mp4"))
        try folder.write("copy.fsh", MovieRenderTests.passThrough)
        let result = try runShaderbench(["render", folder.file("copy.fsh"), "--input", folder.file("clip.mp4"), "--out", folder.file("out.mp4")])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("warning"), "\(result.error)")
        let probe = try MovieProbe(path: folder.file("out.mp4"))
        #expect(probe.audio == nil && probe.video?.frames == 10)
    }
}

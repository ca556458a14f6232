import Foundation
import TestSupport
import Testing

/// A movie's soundtrack played by the window through ALSA's default output. There is no sound card here,
/// but libasound and its plugins run as they would with one: the app's `ALSA_CONFIG_PATH` names a
/// configuration whose default device writes what is played to a file, read back here, or has no device.
@Suite("A movie's soundtrack in the window", .serialized)
struct SoundtrackWindowTests {
    /// Half a second for each tone, each its own frequency: what is heard says where in the movie it is.
    static let frequencies: [Double] = [500, 700, 900, 1100, 1300, 1500]

    /// `MovieWindowTests`' clip (3 s, looping), with the tones as its soundtrack.
    static var clip: TestClip {
        var clip = MovieWindowTests.clip
        clip.audio = true
        clip.soundSource = "aevalsrc=0.5*sin(2*PI*(500+200*floor(2*t))*t):s=48000"
        return clip
    }

    /// `MovieWindowTests`' composition, the movie played at `speed`.
    static func composition(speed: Double) -> String {
        MovieWindowTests.composition.replacingOccurrences(of: "file: ../clip.mp4 }", with: "file: ../clip.mp4, speed: \(speed) }")
    }

    static func openWindow(clip: TestClip = clip, speed: Double = 1, arguments: [String] = [], environment: [String: String] = [:],
                           configuration: @escaping (TemporaryFolder) -> String) throws -> LiveWindow {
        try LiveWindow(composition: composition(speed: speed),
                       environment: environment.merging(["ALSA_CONFIG_PATH": "$FOLDER/asound.conf"]) { $1 }, arguments: arguments) { folder in
            try clip.write(to: folder.file("clip.mp4"))
            try MovieWindowTests.flip.write(toFile: folder.file("compositions/flip.fsh"), atomically: true, encoding: .utf8)
            _ = try folder.write("asound.conf", configuration(folder))
        }
    }

    /// The tones heard from a little before to a little after the movie's moment `seconds` played at
    /// `speed`: the device's buffer is a tenth of a second, and a pause lets what was already written play
    /// out. Played faster, a tone is higher by as much.
    static func tones(near seconds: Double, speed: Double) -> Set<Double> {
        Set(stride(from: seconds - 0.1 * speed, through: seconds + 0.2 * speed, by: 0.05 * speed).map { moment in
            let segment = Int((moment * 2).rounded(.down))
            return frequencies[(segment % 6 + 6) % 6] * speed
        })
    }

    /// The movie frame shown once it has stayed on the screen for a while (paused).
    static func stillFrame(_ window: LiveWindow) -> Int? {
        var still: Int?
        _ = eventually {
            let now = try? MovieWindowTests.shownFrame(window)
            Thread.sleep(forTimeInterval: 0.3)
            still = now ?? nil
            return still != nil && (try? MovieWindowTests.shownFrame(window)) == still
        }
        return still
    }

    @Test("the soundtrack plays with the pictures, at their speed; paused, silence; resumed, it goes on from the paused frame",
          arguments: [1.0, 2.0])
    func playsInStep(speed: Double) throws {
        let window = try Self.openWindow(speed: speed) { TestTone.alsaConfiguration(writingRaw: $0.file("played.raw")) }
        let heard = Self.frequencies.map { $0 * speed }
        let played = window.folder.file("played.raw")
        #expect(eventually(timeout: 20) { (try? MovieWindowTests.shownFrame(window)).flatMap { $0 } != nil })
        #expect(eventually(timeout: 20) { PlayedSound(path: played).seconds > 2 }, "\(window.app.error)")
        // Most 50 ms stretches of the last second are one of the tones, at the soundtrack's level.
        let playing = PlayedSound(path: played)
        let stretches = playing.stretches(from: playing.samples.count - 48_000, to: playing.samples.count, holding: heard, power: 0.25)
        #expect(stretches.toned * 2 >= stretches.all, "\(stretches.toned) of \(stretches.all) stretches hold a tone")

        try window.pressAndWait("space")
        let frame = try #require(Self.stillFrame(window))
        Thread.sleep(forTimeInterval: 0.5)
        let paused = PlayedSound(path: played)
        let end = paused.samples.count
        #expect(paused.isSilent(end - 12_000 ..< end), "a quarter of a second of silence while paused")
        // The last sound before the silence is the movie's where its pictures stopped.
        let soundEnd = try #require(paused.endOfSound(before: end))
        let lastTone = paused.strongestFrequency(in: soundEnd - 2400 ..< soundEnd, of: heard)
        #expect(lastTone.map { Self.tones(near: Double(frame) / 30, speed: speed).contains($0) } == true,
                "heard \(String(describing: lastTone)) Hz at the pause, frame \(frame) shown")

        try window.pressAndWait("space")
        #expect(eventually(timeout: 5) { PlayedSound(path: played).startOfSound(from: end).map { $0 + 2400 < PlayedSound(path: played).samples.count } ?? false })
        let resumed = PlayedSound(path: played)
        let start = try #require(resumed.startOfSound(from: end))
        let firstTone = resumed.strongestFrequency(in: start ..< start + 2400, of: heard)
        #expect(firstTone.map { Self.tones(near: Double(frame) / 30, speed: speed).contains($0) } == true,
                "heard \(String(describing: firstTone)) Hz on resuming from frame \(frame)")
        #expect(window.app.isRunning)
    }

    @Test("a movie rewritten on disk is heard anew: its new soundtrack plays")
    func rewrittenMovieIsHeardAnew() throws {
        let window = try Self.openWindow { TestTone.alsaConfiguration(writingRaw: $0.file("played.raw")) }
        let played = window.folder.file("played.raw")
        #expect(eventually(timeout: 20) { PlayedSound(path: played).seconds > 1 }, "\(window.app.error)")
        var rewritten = Self.clip
        rewritten.soundSource = "aevalsrc=0.5*sin(2*PI*2000*t):s=48000"
        try rewritten.write(to: window.folder.file("new.mp4"))
        // Renamed over the old file in one step, as an editor or a tool saves.
        try #require(rename(window.folder.file("new.mp4"), window.folder.file("clip.mp4")) == 0)
        // The last half second is the new tone alone.
        #expect(eventually(timeout: 10) {
            let sound = PlayedSound(path: played)
            let stretches = sound.stretches(from: sound.samples.count - 24_000, to: sound.samples.count,
                                            holding: Self.frequencies + [2000], power: 0.25)
            let newTone = sound.stretches(from: sound.samples.count - 24_000, to: sound.samples.count, holding: [2000], power: 0.25)
            return stretches.all > 0 && newTone.toned == stretches.all
        }, "\(window.app.error)")
    }

    @Test("V records the soundtrack with the pictures: the movie's sound stream is as long as its video and holds the tones")
    func recordsSound() throws {
        let window = try Self.openWindow { TestTone.alsaConfiguration(writingRaw: $0.file("played.raw")) }
        #expect(eventually(timeout: 20) { (try? MovieWindowTests.shownFrame(window)).flatMap { $0 } != nil })
        #expect(eventually(timeout: 20) { PlayedSound(path: window.folder.file("played.raw")).seconds > 0.5 }, "\(window.app.error)")
        let movie = try #require(try window.record(), "\(window.app.output)")
        let probe = try MovieProbe(path: movie)
        let video = try #require(probe.video), audio = try #require(probe.audio)
        #expect(audio.codec == "aac")
        #expect(try #require(video.duration) > 1.5)
        // Together within one frame, as recorded under any load.
        let disagreement = recordedStreamsDisagree(probe)
        #expect(disagreement == nil, "\(disagreement ?? "")")
        // Decoded back: the tones, at the soundtrack's level, through most of the recording.
        let recorded = try PlayedSound(decodingSoundOf: movie, into: window.folder.file("recorded.raw"))
        let stretches = recorded.stretches(from: 4800, to: recorded.samples.count - 4800, holding: Self.frequencies, power: 0.25)
        #expect(stretches.toned * 2 >= stretches.all, "\(stretches.toned) of \(stretches.all) stretches hold a tone")
    }

    @Test("with no output device the window says so once, and the movie plays on")
    func noDevice() throws {
        let window = try Self.openWindow { _ in TestTone.alsaConfigurationWithoutDevices }
        var first: Int?
        #expect(eventually(timeout: 20) { first = (try? MovieWindowTests.shownFrame(window)) ?? nil; return first != nil })
        let notice = "warning: no sound output device (ALSA 'default': cannot open the output device"
        #expect(eventually(timeout: 10) { window.app.error.contains(notice) }, "\(window.app.error)")
        #expect(eventually { (try? MovieWindowTests.shownFrame(window)).flatMap { $0 } != first })
        // The thread keeps trying the device every half second; the terminal is told once.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(window.app.error.components(separatedBy: notice).count == 2, "\(window.app.error)")
        #expect(window.app.isRunning)
    }

    @Test("a window on a silent movie, or muted, never loads ALSA")
    func noSoundNoALSA() throws {
        // The dynamic loader's own account of the files it opens, dlopen's included.
        let silent = try Self.openWindow(clip: MovieWindowTests.clip, environment: ["LD_DEBUG": "files"]) {
            TestTone.alsaConfiguration(writingRaw: $0.file("played.raw"))
        }
        #expect(eventually(timeout: 20) { (try? MovieWindowTests.shownFrame(silent)).flatMap { $0 } != nil })
        Thread.sleep(forTimeInterval: 1)
        #expect(silent.app.error.contains("libglfw"), "the loader's account is there")
        #expect(!silent.app.error.contains("libasound.so.2"))

        let muted = try Self.openWindow(arguments: ["--mute"], environment: ["LD_DEBUG": "files"]) {
            TestTone.alsaConfiguration(writingRaw: $0.file("played.raw"))
        }
        #expect(eventually(timeout: 20) { (try? MovieWindowTests.shownFrame(muted)).flatMap { $0 } != nil })
        Thread.sleep(forTimeInterval: 1)
        #expect(!muted.app.error.contains("libasound.so.2"))
        #expect(!FileManager.default.fileExists(atPath: muted.folder.file("played.raw")))
    }
}

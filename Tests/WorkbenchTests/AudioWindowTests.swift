import Foundation
import TestSupport
import Testing

/// Live sound in the window, from ALSA's default capture device, with no sound card: the app's
/// `ALSA_CONFIG_PATH` names a configuration whose default device reads a tone from a file, or none at all.
@Suite("Live sound in the window", .serialized)
struct AudioWindowTests {
    /// Green while the spectrum's first channel peaks at bin 16 (1.5 kHz at 48 kHz, 256 bins from 512
    /// samples) and is quiet away from it; red otherwise (silence included).
    static let visualiser = """
        /*{ "INPUTS": [ { "NAME": "spectrum", "TYPE": "audioFFT", "MAX": 256 } ] }*/
        void main() {
            float peak = IMG_PIXEL(spectrum, vec2(16.5, 0.5)).r;
            float away = IMG_PIXEL(spectrum, vec2(40.5, 0.5)).r;
            gl_FragColor = peak > 0.4 && away < 0.05 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
        }
        """

    static let composition = """
        composition: 1
        size: [64, 64]
        nodes:
          live: { kind: audio }
          show: { kind: shader, file: show.fs, inputs: { spectrum: live } }
        """

    /// The window on the composition, its ALSA configuration written by `configuration` into its folder.
    static func openWindow(configuration: @escaping (TemporaryFolder) throws -> String) throws -> LiveWindow {
        try LiveWindow(composition: composition, environment: ["ALSA_CONFIG_PATH": "$FOLDER/asound.conf"]) { folder in
            try visualiser.write(toFile: folder.file("compositions/show.fs"), atomically: true, encoding: .utf8)
            _ = try folder.write("asound.conf", try configuration(folder))
        }
    }

    @Test("the default capture device's tone shows as its peak in the spectrum, drawn continuously")
    func toneFromTheDevice() throws {
        let window = try Self.openWindow { folder in
            try TestTone(frequency: 1500, amplitude: 0.5, seconds: 30).write(to: folder.file("tone.raw"))
            return TestTone.alsaConfiguration(readingRaw: folder.file("tone.raw"))
        }
        #expect(try window.waitForCentre(green), "\(window.app.error)")
        // Sound changes all the time: the window keeps drawing without anything else happening.
        let drawn = window.count(of: "frame-presented")
        #expect(eventually(timeout: 5) { window.count(of: "frame-presented") > drawn + 5 })
        #expect(!window.app.error.contains("no sound capture device"))
    }

    @Test("V records the captured sound with the pictures: the movie's sound stream is as long as its video and holds the tone")
    func recordsCapturedSound() throws {
        let window = try Self.openWindow { folder in
            try TestTone(frequency: 1500, amplitude: 0.5, seconds: 30).write(to: folder.file("tone.raw"))
            return TestTone.alsaConfiguration(readingRaw: folder.file("tone.raw"))
        }
        #expect(try window.waitForCentre(green), "\(window.app.error)")
        let movie = try #require(try window.record(), "\(window.app.output)")
        let probe = try MovieProbe(path: movie)
        let video = try #require(probe.video)
        #expect(probe.audio != nil)
        #expect(try #require(video.duration) > 1.5)
        // Together within one frame, as recorded under any load.
        let disagreement = recordedStreamsDisagree(probe)
        #expect(disagreement == nil, "\(disagreement ?? "")")
        let recorded = try PlayedSound(decodingSoundOf: movie, into: window.folder.file("recorded.raw"))
        let stretches = recorded.stretches(from: 4800, to: recorded.samples.count - 4800, holding: [1500], power: 0.25)
        #expect(stretches.toned * 2 >= stretches.all, "\(stretches.toned) of \(stretches.all) stretches hold the tone")
    }

    @Test("with no capture device the window says so, hears silence, and keeps running")
    func noDevice() throws {
        let window = try Self.openWindow { _ in TestTone.alsaConfigurationWithoutDevices }
        #expect(try window.waitForCentre(red), "\(window.app.error)")
        #expect(eventually(timeout: 10) { window.app.error.contains("warning: no sound capture device (ALSA 'default': cannot open the capture device") },
                "\(window.app.error)")
        let drawn = window.count(of: "frame-presented")
        #expect(eventually(timeout: 5) { window.count(of: "frame-presented") > drawn + 5 })
        #expect(window.app.isRunning)
    }

    @Test("a capture device that appears while the window runs is opened by itself: its tone shows and the notice goes")
    func deviceAppearsLater() throws {
        let window = try Self.openWindow { _ in TestTone.alsaConfigurationWithoutDevices }
        #expect(try window.waitForCentre(red), "\(window.app.error)")
        #expect(eventually(timeout: 10) { window.app.error.contains("warning: no sound capture device") }, "\(window.app.error)")
        try TestTone(frequency: 1500, amplitude: 0.5, seconds: 30).write(to: window.folder.file("tone.raw"))
        try TestTone.replaceALSAConfiguration(at: window.folder.file("asound.conf"),
                                              with: TestTone.alsaConfiguration(readingRaw: window.folder.file("tone.raw")))
        #expect(try window.waitForCentre(green), "\(window.app.error)")
        #expect(eventually(timeout: 5) { window.app.error.contains("sound: capturing") }, "\(window.app.error)")
        let notices = window.trace.events.filter { $0.name == "notices" }.compactMap { $0.fields["count"] as? Int }
        #expect(notices.first == 1 && notices.last == 0, "\(notices)")
    }
}

@testable import Audio
import Foundation
import OperatingSystem
import Testing
import TestSupport

extension ALSADeviceTests {
    /// Playback through ALSA on a machine without a sound card: `ALSA_CONFIG_PATH` names a configuration whose
    /// default device writes what is played to a file, or one with no device at all. ALSA reads its
    /// configuration for the whole process, so these run one at a time, and never beside another ALSA suite.
    @Suite("Playing sound through ALSA", .serialized)
    struct SoundPlaybackTests {
        @Test("what the fill gives reaches the device in real time, each block stamped a block after the last")
        func playsIntoFile() throws {
            let folder = try TemporaryFolder()
            let played = folder.file("played.raw")
            setenv("ALSA_CONFIG_PATH", try folder.write("asound.conf", TestTone.alsaConfiguration(writingRaw: played)), 1)
            let stamps = Locked<[ContinuousClock.Instant]>([])
            let playback = SoundPlayback { samples, heardAt in
                samples.update(repeating: 0.25)
                stamps.withLock { $0.append(heardAt) }
            }
            Thread.sleep(forTimeInterval: 1)
            playback.stop()
            #expect(playback.problem == nil)
            let sound = PlayedSound(path: played)
            // A second, and the buffer written ahead of it; never faster than real time.
            #expect(sound.seconds > 0.7 && sound.seconds < 1.3, "\(sound.seconds) s played")
            #expect(sound.samples.allSatisfy { abs($0 - 0.25) < 0.001 })
            let heard = stamps.withLock { $0 }
            for (earlier, later) in zip(heard, heard.dropFirst()) {
                let gap = later - earlier
                let seconds = Double(gap.components.seconds) + Double(gap.components.attoseconds) / 1e18
                #expect(abs(seconds - Double(SoundPlayback.blockFrames) / Double(SoundPlayback.sampleRate)) < 1e-6)
            }
            // Every block written reached the file.
            #expect(playback.framesPlayed == sound.samples.count)
        }

        @Test("without a device, it says so with ALSA's reason and keeps trying")
        func noDevice() throws {
            let folder = try TemporaryFolder()
            setenv("ALSA_CONFIG_PATH", try folder.write("asound.conf", TestTone.alsaConfigurationWithoutDevices), 1)
            let playback = SoundPlayback { samples, _ in samples.update(repeating: 0) }
            defer { playback.stop() }
            #expect(eventually(timeout: 5) { playback.problem != nil })
            #expect(playback.problem?.message.contains("ALSA 'default': cannot open the output device") == true, "\(String(describing: playback.problem))")
            #expect(playback.framesPlayed == 0)
        }
    }
}

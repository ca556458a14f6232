@testable import Audio
import Foundation
import OperatingSystem
import Testing
import TestSupport

extension ALSADeviceTests {
    /// Live capture through ALSA on a machine without a sound card: `ALSA_CONFIG_PATH` names a configuration
    /// whose default device reads a tone from a file, or one with no device at all. ALSA reads its
    /// configuration for the whole process, so these run one at a time, and never beside another ALSA suite.
    @Suite("Capturing sound through ALSA", .serialized)
    struct SoundCaptureTests {
        @Test("the default device's sound arrives on the capture thread, newest samples last")
        func captureFromFile() throws {
            let folder = try TemporaryFolder()
            let tone = TestTone(frequency: 1500, amplitude: 0.5, seconds: 5)
            try tone.write(to: folder.file("tone.raw"))
            setenv("ALSA_CONFIG_PATH", try folder.write("asound.conf", TestTone.alsaConfiguration(readingRaw: folder.file("tone.raw"))), 1)
            let capture = SoundCapture()
            defer { capture.stop() }
            Thread.sleep(forTimeInterval: 0.2)
            var samples = [Float](repeating: 0, count: 1024)
            samples.withUnsafeMutableBufferPointer { capture.latest(channel: 1, into: $0) }
            #expect(capture.problem == nil)
            // Real time: a fifth of a second fills the window, and the tone's swing is there.
            #expect(abs((samples.max() ?? 0) - 0.5) < 0.01)
            let analyser = try SpectrumAnalyser(windowLength: 1024)
            var magnitudes = [Float](repeating: 0, count: analyser.binCount)
            samples.withUnsafeBufferPointer { input in magnitudes.withUnsafeMutableBufferPointer { analyser.magnitudes(of: input, into: $0) } }
            #expect(magnitudes.indices.max { magnitudes[$0] < magnitudes[$1] } == tone.bin(windowLength: 1024))
        }

        @Test("a listener is handed each block as it is captured, stamped on the device's timeline, one after another")
        func listener() throws {
            let folder = try TemporaryFolder()
            try TestTone(frequency: 1500, amplitude: 0.5, seconds: 5).write(to: folder.file("tone.raw"))
            setenv("ALSA_CONFIG_PATH", try folder.write("asound.conf", TestTone.alsaConfiguration(readingRaw: folder.file("tone.raw"))), 1)
            let capture = SoundCapture()
            defer { capture.stop() }
            let blocks = Locked<[(samples: [Float], heardAt: ContinuousClock.Instant)]>([])
            capture.listen { samples, heardAt in blocks.withLock { $0.append((samples, heardAt)) } }
            Thread.sleep(forTimeInterval: 0.5)
            capture.listen(nil)
            let heard = blocks.withLock { $0 }
            let frames = heard.reduce(0) { $0 + $1.samples.count / 2 }
            // Real time: about half a second of sound, the tone's swing in it.
            #expect(frames > 12_000 && frames < 36_000, "\(frames) frames")
            #expect(abs((heard.flatMap(\.samples).max() ?? 0) - 0.5) < 0.01)
            for (earlier, later) in zip(heard, heard.dropFirst()) {
                let gap = later.heardAt - earlier.heardAt
                let seconds = Double(gap.components.seconds) + Double(gap.components.attoseconds) / 1e18
                let length = Double(earlier.samples.count / 2) / 48_000
                #expect(abs(seconds - length) < 1e-6)
            }
        }

        @Test("without a device, it says so with ALSA's reason and gives silence")
        func noDevice() throws {
            let folder = try TemporaryFolder()
            setenv("ALSA_CONFIG_PATH", try folder.write("asound.conf", TestTone.alsaConfigurationWithoutDevices), 1)
            let capture = SoundCapture()
            defer { capture.stop() }
            #expect(capture.problem?.message.contains("ALSA 'default': cannot open the capture device") == true, "\(String(describing: capture.problem))")
            #expect(!capture.hasCaptured)
            var samples = [Float](repeating: 1, count: 256)
            samples.withUnsafeMutableBufferPointer { capture.latest(channel: 0, into: $0) }
            #expect(samples.allSatisfy { $0 == 0 })
        }

        @Test("a device that appears after capture started is opened by the capture's own retries, and its sound arrives")
        func deviceAppearsLater() throws {
            let folder = try TemporaryFolder()
            let configuration = try folder.write("asound.conf", TestTone.alsaConfigurationWithoutDevices)
            setenv("ALSA_CONFIG_PATH", configuration, 1)
            let capture = SoundCapture()
            defer { capture.stop() }
            #expect(capture.problem != nil)
            Thread.sleep(forTimeInterval: 1)
            #expect(capture.problem != nil, "still no device after a few retries")
            let tone = TestTone(frequency: 1500, amplitude: 0.5, seconds: 5)
            try tone.write(to: folder.file("tone.raw"))
            try TestTone.replaceALSAConfiguration(at: configuration, with: TestTone.alsaConfiguration(readingRaw: folder.file("tone.raw")))
            #expect(eventually(timeout: 5) { capture.problem == nil && capture.hasCaptured }, "\(String(describing: capture.problem))")
            Thread.sleep(forTimeInterval: 0.2)
            var samples = [Float](repeating: 0, count: 1024)
            samples.withUnsafeMutableBufferPointer { capture.latest(channel: 0, into: $0) }
            #expect(abs((samples.max() ?? 0) - 0.5) < 0.01)
        }

        @Test("stopping while it waits for a device ends its thread at once")
        func stopWhileWaiting() throws {
            let folder = try TemporaryFolder()
            setenv("ALSA_CONFIG_PATH", try folder.write("asound.conf", TestTone.alsaConfigurationWithoutDevices), 1)
            let capture = SoundCapture()
            let started = Date()
            capture.stop()
            #expect(Date().timeIntervalSince(started) < SoundCapture.retryInterval / 2)
        }
    }
}

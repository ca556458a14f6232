import CALSA
import Foundation
import OperatingSystem

/// Sound played through an ALSA output device on a thread of its own. The thread asks `fill` for each block
/// just before writing it, saying when the block will be heard, so whoever fills it reads the newest state
/// (a clock, a pause) at that moment: nothing queues between the caller and the device but the device's own
/// short buffer, and the caller never waits for the device.
///
/// It plays 16-bit stereo at 48 kHz, as capture records, and ALSA's plug layer converts for the device.
/// A device that cannot be opened (none configured, another program holding it) or that stops is a state,
/// never an end: `problem` says why, and the thread tries again every half second, as capture does.
public final class SoundPlayback: Sendable {
    public static let sampleRate = 48_000
    public static let channelCount = 2
    /// Frames written at a time: 10 ms.
    static let blockFrames = 480
    /// How long after it is written a sample is heard: the device's buffer, which a slow moment of the
    /// thread must not empty, kept short so that a pause or a seek is heard soon.
    public static let latency = 0.1
    static let retryInterval = 0.5

    /// Fills interleaved stereo samples from -1 to 1 for the block first heard at the instant given.
    public typealias Fill = @Sendable (_ samples: UnsafeMutableBufferPointer<Float>, _ heardAt: ContinuousClock.Instant) -> Void

    private struct State {
        var stopping = false
        var problem: ALSADeviceError?
        var framesPlayed = 0
    }

    public let device: String
    private let fill: Fill
    private let state = Locked(State())
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled by `stop()`, so a thread waiting to try again, or pacing itself, ends at once.
    private let wake = DispatchSemaphore(value: 0)

    /// Starts the playback thread on `device`; opening it happens there, so this returns at once.
    public init(device: String = "default", fill: @escaping Fill) {
        self.device = device
        self.fill = fill
        let thread = Thread { [self] in
            playbackLoop()
            finished.signal()
        }
        thread.name = "shaderbench-playback"
        thread.start()
    }

    deinit {
        stop()
    }

    /// Why nothing is being played now (the device cannot be opened, or it stopped and is tried again), with
    /// ALSA's reason; nil while it plays, and before the first attempt settled.
    public var problem: ALSADeviceError? { state.withLock { $0.problem } }

    /// Frames written to the device so far.
    public var framesPlayed: Int { state.withLock { $0.framesPlayed } }

    /// Stops the thread and closes the device; waits until it has.
    public func stop() {
        let first = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    // MARK: The playback thread

    private var stopping: Bool { state.withLock { $0.stopping } }

    private func playbackLoop() {
        let alsa: ALSAFunctions
        switch ALSAFunctions.loaded {
        case .success(let functions):
            alsa = functions
        case .failure(let error):
            report(ALSADeviceError(device: device, operation: "cannot load ALSA", reason: error.message))
            return
        }
        calsa_quiet(alsa.setErrorHandler)
        while !stopping {
            if let pcm = open(with: alsa) {
                play(to: pcm, with: alsa)
                _ = alsa.close(pcm)
            }
            // Stopping may have taken the wake-up already, while the thread paced itself.
            if stopping || wake.wait(timeout: .now() + Self.retryInterval) == .success { break }
        }
    }

    /// Opens and configures the device; nil, with the reason in `problem`, when that cannot be done now.
    private func open(with alsa: ALSAFunctions) -> OpaquePointer? {
        do {
            return try alsa.openPCM(device, stream: SND_PCM_STREAM_PLAYBACK, mode: 0, channels: Self.channelCount, rate: Self.sampleRate,
                                    latency: Self.latency)
        } catch {
            report(error)
            return nil
        }
    }

    private func report(_ problem: ALSADeviceError) {
        state.withLock { $0.problem = problem }
    }

    /// Writes blocks to the device until it is stopped, or until playback fails beyond recovering.
    private func play(to pcm: OpaquePointer, with alsa: ALSAFunctions) {
        var samples = [Float](repeating: 0, count: Self.blockFrames * Self.channelCount)
        var block = [Int16](repeating: 0, count: samples.count)
        // The device's timeline: sample n is heard at `origin + n / rate`, a buffer's length after it is written.
        var origin = ContinuousClock.now + .seconds(Self.latency)
        var framesWritten = 0
        while !stopping {
            let heardAt = origin + .seconds(Double(framesWritten) / Double(Self.sampleRate))
            samples.withUnsafeMutableBufferPointer { fill($0, heardAt) }
            for index in samples.indices {
                block[index] = Int16((max(-1, min(1, samples[index])) * 32767).rounded())
            }
            var offset = 0
            while offset < Self.blockFrames, !stopping {
                let wrote = block.withUnsafeBytes { bytes in
                    alsa.writeInterleaved(pcm, bytes.baseAddress! + offset * Self.channelCount * MemoryLayout<Int16>.size,
                                          snd_pcm_uframes_t(Self.blockFrames - offset))
                }
                if wrote < 0 {
                    // An underrun (the thread was held up) or a suspend: recover and write on; anything else ends it.
                    let recovered = alsa.recover(pcm, Int32(wrote), 1)
                    if recovered < 0 {
                        report(ALSADeviceError(device: device, operation: "playback stopped", code: recovered, alsa: alsa))
                        return
                    }
                    continue
                }
                offset += Int(wrote)
            }
            framesWritten += Self.blockFrames
            state.withLock { state in
                state.framesPlayed += Self.blockFrames
                // Only sound that reaches the device clears a problem, as for capture.
                state.problem = nil
            }
            let written = origin + .seconds(Double(framesWritten) / Double(Self.sampleRate))
            let ahead = written - ContinuousClock.now
            if ahead < .seconds(Self.latency / 2) {
                // Fallen behind (an underrun emptied the buffer): what is written next is heard a buffer from now.
                origin = .now + .seconds(Self.latency) - .seconds(Double(framesWritten) / Double(Self.sampleRate))
            } else if ahead > .seconds(Self.latency * 1.5) {
                // A device without a clock of its own (ALSA's null plugin behind a file) takes every block at
                // once: write no faster than real time, so it neither spins a core nor runs ahead of the clock.
                _ = wake.wait(timeout: .now() + (Self.seconds(ahead) - Self.latency))
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

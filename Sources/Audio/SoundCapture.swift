import CALSA
import Foundation
import OperatingSystem

/// Live sound from an ALSA capture device, read on a thread of its own into a ring of the latest samples.
/// The render thread copies the newest window whenever it draws and never waits: the latest sound wins,
/// nothing queues, and memory is the ring's, bounded by construction.
///
/// The device is asked for 16-bit stereo at 48 kHz and ALSA's plug layer converts whatever it really has.
/// A device that cannot be opened (none configured, another program holding it) or that stops delivering
/// is a state, never an end: the thread tries to open it again every half second, as a camera session
/// looks for its camera, so a device that appears or frees up later is heard without a restart. The thread
/// owns the device from opening to closing, so `stop()` (or the capture going away) releases it.
public final class SoundCapture: Sendable {
    public static let sampleRate = 48_000
    public static let channelCount = 2
    /// Samples kept per channel: enough for the widest window an input can ask for.
    public static let ringLength = 1 << 18
    /// Frames read at a time: 10 ms.
    static let blockFrames = 480
    /// How long the thread waits before trying a device that could not be opened, or stopped, again.
    static let retryInterval = 0.5

    private struct Ring {
        var channels = [[Float]](repeating: [Float](repeating: 0, count: SoundCapture.ringLength), count: SoundCapture.channelCount)
        /// Frames written since the start; the next goes at `written % ringLength`.
        var written = 0
        var stopping = false
        /// Why it is not capturing now; nil while it is.
        var problem: ALSADeviceError?
        /// Whether any sound arrived, so the ring holds sound that was captured.
        var hasCaptured = false
    }

    public let device: String
    private let ring = Locked(Ring())
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled by `stop()`, so a thread waiting to try again ends at once.
    private let wake = DispatchSemaphore(value: 0)
    /// Given each block as it is captured (a recording of the window).
    private let listener = Locked<Listener?>(nil)

    /// Takes interleaved stereo samples from -1 to 1, with the moment the first was heard.
    public typealias Listener = @Sendable (_ samples: [Float], _ heardAt: ContinuousClock.Instant) -> Void

    /// Starts the capture thread on `device` and returns once its first attempt to open it settled, so
    /// `problem` already says whether it could; later attempts run on the thread and never hold the caller.
    public init(device: String = "default") {
        self.device = device
        let settled = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            captureLoop(firstAttemptSettled: { settled.signal() })
            finished.signal()
        }
        thread.name = "shaderbench-sound"
        thread.start()
        settled.wait()
    }

    deinit {
        stop()
    }

    /// Why it is not capturing now (the device cannot be opened, or capture stopped and it is trying again),
    /// with ALSA's reason; nil while it captures.
    public var problem: ALSADeviceError? { ring.withLock { $0.problem } }

    /// Whether any sound arrived: from then on `latest` gives the last sound captured while it waits.
    public var hasCaptured: Bool { ring.withLock { $0.hasCaptured } }

    /// The newest `into.count` samples of `channel`, oldest first; silence where fewer were captured.
    public func latest(channel: Int, into samples: UnsafeMutableBufferPointer<Float>) {
        ring.withLock { ring in
            let count = samples.count
            let available = min(ring.written, count, Self.ringLength)
            let silent = count - available
            for index in 0..<silent { samples[index] = 0 }
            let source = ring.channels[channel]
            var position = ((ring.written - available) % Self.ringLength + Self.ringLength) % Self.ringLength
            for index in silent..<count {
                samples[index] = source[position]
                position = position + 1 == Self.ringLength ? 0 : position + 1
            }
        }
    }

    /// Hands every block captured from now on to `listener`, on the capture thread; nil stops.
    public func listen(_ listener: Listener?) {
        self.listener.withLock { $0 = listener }
    }

    /// Stops the thread and closes the device; waits until it has.
    public func stop() {
        let first = ring.withLock { ring in
            defer { ring.stopping = true }
            return !ring.stopping
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    // MARK: The capture thread

    private var stopping: Bool { ring.withLock { $0.stopping } }

    private func captureLoop(firstAttemptSettled: () -> Void) {
        let alsa: ALSAFunctions
        switch ALSAFunctions.loaded {
        case .success(let functions):
            alsa = functions
        case .failure(let error):
            // Without ALSA's library there is nothing to try again.
            report(ALSADeviceError(device: device, operation: "cannot load ALSA", reason: error.message))
            firstAttemptSettled()
            return
        }
        calsa_quiet(alsa.setErrorHandler)
        var firstAttempt = true
        while !stopping {
            let opened = open(with: alsa)
            if firstAttempt { firstAttemptSettled() }
            firstAttempt = false
            if let pcm = opened {
                capture(from: pcm, with: alsa)
                _ = alsa.close(pcm)
            }
            if wake.wait(timeout: .now() + Self.retryInterval) == .success { break }
        }
    }

    /// Opens and configures the device; nil, with the reason in `problem`, when that cannot be done now.
    private func open(with alsa: ALSAFunctions) -> OpaquePointer? {
        do {
            return try alsa.openPCM(device, stream: SND_PCM_STREAM_CAPTURE, mode: SND_PCM_NONBLOCK, channels: Self.channelCount, rate: Self.sampleRate,
                                    latency: 0.1)
        } catch {
            report(error)
            return nil
        }
    }

    private func report(_ problem: ALSADeviceError) {
        ring.withLock { $0.problem = problem }
    }

    /// Reads the device into the ring until it is stopped, or until capture fails beyond recovering.
    private func capture(from pcm: OpaquePointer, with alsa: ALSAFunctions) {
        var block = [Int16](repeating: 0, count: Self.blockFrames * Self.channelCount)
        let started = Date()
        // The device's timeline: sample n was heard at `origin + n / rate`. Blocks arrive in bursts, but their
        // samples were heard one after another, and a recording places them so.
        let origin = ContinuousClock.now
        var framesRead = 0
        while !stopping {
            let got = block.withUnsafeMutableBytes { alsa.readInterleaved(pcm, $0.baseAddress, snd_pcm_uframes_t(Self.blockFrames)) }
            if got == -Int(EAGAIN) {
                _ = alsa.wait(pcm, 50)
                continue
            }
            if got < 0 {
                // An overrun (the thread was held up) or a suspend: recover and read on; anything else ends it.
                let recovered = alsa.recover(pcm, Int32(got), 1)
                if recovered < 0 {
                    report(ALSADeviceError(device: device, operation: "capture stopped", code: recovered, alsa: alsa))
                    return
                }
                continue
            }
            append(block, frames: Int(got))
            if let listener = listener.withLock({ $0 }) {
                let samples = block.prefix(Int(got) * Self.channelCount).map { Float($0) / 32768 }
                listener(samples, origin + .seconds(Double(framesRead) / Double(Self.sampleRate)))
            }
            // A device without a clock of its own (ALSA's null plugin behind a file) answers at once: read it
            // no faster than real time, so it neither spins a core nor races through its file.
            framesRead += Int(got)
            let ahead = Double(framesRead) / Double(Self.sampleRate) - Date().timeIntervalSince(started)
            if ahead > 0.02 { Thread.sleep(forTimeInterval: ahead) }
        }
    }

    private func append(_ block: [Int16], frames: Int) {
        ring.withLock { ring in
            for frame in 0..<frames {
                let position = (ring.written + frame) % Self.ringLength
                for channel in 0..<Self.channelCount {
                    ring.channels[channel][position] = Float(block[frame * Self.channelCount + channel]) / 32768
                }
            }
            ring.written += frames
            // Only sound that arrives clears a problem: a device that opens and fails again at once must not
            // flicker its notice away unseen.
            ring.problem = nil
            ring.hasCaptured = true
        }
    }
}

import CALSA
import Foundation
import OperatingSystem

/// Live sound from an ALSA capture device, read on a thread of its own into a ring of the latest samples.
/// The render thread copies the newest window whenever it draws and never waits: the latest sound wins,
/// nothing queues, and memory is the ring's, bounded by construction.
///
/// The device is asked for 16-bit stereo at 48 kHz and ALSA's plug layer converts whatever it really has.
/// The thread owns the device from opening to closing, so `stop()` (or the capture going away) releases it.
public final class SoundCapture: Sendable {
    public static let sampleRate = 48_000
    public static let channelCount = 2
    /// Samples kept per channel: enough for the widest window an input can ask for.
    public static let ringLength = 1 << 18
    /// Frames read at a time: 10 ms.
    static let blockFrames = 480

    private struct Ring {
        var channels = [[Float]](repeating: [Float](repeating: 0, count: SoundCapture.ringLength), count: SoundCapture.channelCount)
        /// Frames written since the start; the next goes at `written % ringLength`.
        var written = 0
        var stopping = false
        /// Why capture stopped early, after it had started.
        var problem: String?
    }

    public let device: String
    private let ring = Locked(Ring())
    private let finished = DispatchSemaphore(value: 0)

    /// Opens `device` and starts capturing; throws, with ALSA's reason, when it cannot be opened.
    public init(device: String = "default") throws(SoundCaptureError) {
        self.device = device
        let opened = Locked<Result<Void, SoundCaptureError>?>(nil)
        let settled = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            captureLoop(reportingOpen: { result in
                opened.withLock { $0 = result }
                settled.signal()
            })
            finished.signal()
        }
        thread.name = "shaderbench-sound"
        thread.start()
        settled.wait()
        if case .failure(let error)? = opened.withLock({ $0 }) {
            // The thread has ended; nothing is left for `stop()` (from deinit) to wait for.
            finished.wait()
            ring.withLock { $0.stopping = true }
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Why capture stopped after it had started; nil while it runs.
    public var problem: String? { ring.withLock { $0.problem } }

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

    /// Stops the thread and closes the device; waits until it has.
    public func stop() {
        let first = ring.withLock { ring in
            defer { ring.stopping = true }
            return !ring.stopping
        }
        if first { finished.wait() }
    }

    // MARK: The capture thread

    private func captureLoop(reportingOpen report: (Result<Void, SoundCaptureError>) -> Void) {
        calsa_quiet()
        var handle: OpaquePointer?
        let openCode = snd_pcm_open(&handle, device, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)
        guard openCode >= 0, let pcm = handle else {
            report(.failure(SoundCaptureError(device: device, operation: "cannot open the capture device", code: openCode)))
            return
        }
        defer { snd_pcm_close(pcm) }
        let configured = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(Self.channelCount),
                                            UInt32(Self.sampleRate), 1, 100_000)
        guard configured >= 0 else {
            report(.failure(SoundCaptureError(device: device, operation: "cannot capture 16-bit stereo at 48 kHz", code: configured)))
            return
        }
        report(.success(()))
        var block = [Int16](repeating: 0, count: Self.blockFrames * Self.channelCount)
        let started = Date()
        var framesRead = 0
        while !ring.withLock({ $0.stopping }) {
            let got = block.withUnsafeMutableBytes { snd_pcm_readi(pcm, $0.baseAddress, snd_pcm_uframes_t(Self.blockFrames)) }
            if got == -Int(EAGAIN) {
                _ = snd_pcm_wait(pcm, 50)
                continue
            }
            if got < 0 {
                // An overrun (the thread was held up) or a suspend: recover and read on; anything else ends it.
                let recovered = snd_pcm_recover(pcm, Int32(got), 1)
                if recovered < 0 {
                    let problem = SoundCaptureError(device: device, operation: "capture stopped", code: recovered).message
                    ring.withLock { $0.problem = problem }
                    return
                }
                continue
            }
            append(block, frames: Int(got))
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
        }
    }
}

/// Why the capture device could not be used, with ALSA's own reason.
public struct SoundCaptureError: Error, Sendable, CustomStringConvertible {
    public var message: String

    init(device: String, operation: String, code: Int32) {
        message = "ALSA '\(device)': \(operation): \(String(cString: snd_strerror(code)))"
    }

    public var description: String { message }
}

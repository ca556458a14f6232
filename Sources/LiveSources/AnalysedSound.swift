import Audio
import GPU
import Media
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// An audio node's sound made into ISF's images: samples from a decoded file (read at the clock's time, or
/// a live movie's soundtrack at the movie's own time), from live capture (its newest), or silence, then a
/// waveform or an FFTW spectrum. Runs on the render thread, which makes every FFT plan, so planning never races.
final class AnalysedSound: SoundSource {
    enum Samples {
        case decoded(DecodedSound)
        /// The soundtrack of a movie, heard where its pictures are.
        case soundtrack(Soundtrack)
        case captured(SoundCapture)
        /// Nothing to hear; `notice` says why.
        case silence(channels: Int)
    }

    let samples: Samples
    /// Why it hears silence, when it was opened so.
    private let silenceNotice: String?
    /// One analyser per window length the inputs ask for, made on first use and reused every frame.
    private var analysers: [Int: SpectrumAnalyser] = [:]
    /// Why spectra cannot be made (FFTW's library missing), so audioFFT inputs read zero.
    private var spectrumProblem: String?
    private var window: [Float] = []
    private var bins: [Float] = []

    init(_ samples: Samples, notice: String? = nil) {
        self.samples = samples
        silenceNotice = notice
    }

    var notice: String? {
        if case .captured(let capture) = samples, let problem = capture.problem {
            // The capture keeps trying the device, so the notice goes by itself once sound arrives.
            return capture.hasCaptured ? "\(problem); audio inputs hear the last sound captured"
                : "no sound capture device (\(problem)); audio inputs hear silence"
        }
        return silenceNotice ?? spectrumProblem
    }

    var isLive: Bool {
        if case .captured = samples { return true }
        return false
    }

    func listen(_ listener: (@Sendable ([Float], ContinuousClock.Instant) -> Void)?) {
        if case .captured(let capture) = samples { capture.listen(listener) }
    }

    var channelCount: Int {
        switch samples {
        case .decoded(let sound): sound.channels.count
        case .soundtrack(let soundtrack): soundtrack.sound.channels.count
        case .captured: SoundCapture.channelCount
        case .silence(let channels): channels
        }
    }

    func values(of shape: SoundImageShape, at seconds: Double) -> [Float] {
        var values: [Float] = []
        values.reserveCapacity(channelCount * shape.length)
        if window.count != shape.window { window = [Float](repeating: 0, count: shape.window) }
        for channel in 0..<channelCount {
            fill(channel: channel, endingAt: seconds)
            switch shape.content {
            case .waveform:
                values += window.map { $0 * 0.5 + 0.5 }
            case .spectrum:
                if bins.count != shape.window / 2 { bins = [Float](repeating: 0, count: shape.window / 2) }
                if let analyser = analyser(for: shape.window) {
                    window.withUnsafeBufferPointer { input in
                        bins.withUnsafeMutableBufferPointer { analyser.magnitudes(of: input, into: $0) }
                    }
                }
                values += bins
            }
        }
        return values
    }

    /// Puts `channel`'s samples of the window into `window`: a file's ending at `seconds` (frame k's window
    /// ends at k / fps, so a frame always hears the same samples), a soundtrack's ending at the movie's own
    /// moment, capture's newest; silence elsewhere.
    private func fill(channel: Int, endingAt seconds: Double) {
        switch samples {
        case .decoded(let sound):
            let track = sound.channels[channel]
            let start = Int((seconds * Double(sound.sampleRate)).rounded()) - window.count
            for index in window.indices {
                let position = start + index
                window[index] = position >= 0 && position < track.count ? track[position] : 0
            }
        case .soundtrack(let soundtrack):
            let start = soundtrack.position(at: seconds) - window.count
            for index in window.indices { window[index] = soundtrack.sample(channel: channel, at: start + index) }
        case .captured(let capture):
            window.withUnsafeMutableBufferPointer { capture.latest(channel: channel, into: $0) }
        case .silence:
            for index in window.indices { window[index] = 0 }
        }
    }

    private func analyser(for windowLength: Int) -> SpectrumAnalyser? {
        if let analyser = analysers[windowLength] { return analyser }
        do throws(SharedLibraryError) {
            let analyser = try SpectrumAnalyser(windowLength: windowLength)
            analysers[windowLength] = analyser
            return analyser
        } catch {
            spectrumProblem = "spectra cannot be made (\(error.message)); audioFFT inputs read zero"
            return nil
        }
    }
}

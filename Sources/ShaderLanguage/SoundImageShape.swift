/// What an ISF audio or audioFFT input's image holds, as ISF lays sound out: one row per channel (the first
/// channel at ISF's y = 0), one column per sample or frequency bin, the same value in r, g and b.
///
/// - A waveform (`audio`) holds the latest `length` samples, oldest on the left, each mapped from -1…1 to
///   0…1, so silence is 0.5: ISF's convention, which keeps the image a plain grey picture of the sound.
/// - A spectrum (`audioFFT`) holds `length` bins from 0 Hz up, each bin `sampleRate / (2 × length)` wide:
///   magnitudes of a Hann-windowed FFT over the latest `2 × length` samples, scaled so a full-scale sine
///   centred on a bin reads 1 there (and a half-scale one 0.5). Values are linear amplitudes, not decibels,
///   so a shader compares them directly with the waveform's swing; they are stored as half floats, so a
///   louder-than-full-scale bin is not clipped.
public struct SoundImageShape: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case waveform
        case spectrum
    }

    /// What a spectrum holds over time, as Bonzomatic keeps it: each frame's analysis as it is, smoothed
    /// (each bin 0.9 of its last value and 0.1 of the new one), or integrated (each bin adds its slightly
    /// smoothed value, 0.6 of the last and 0.4 of the new, every frame, wrapping at 1024). Smoothed and
    /// integrated values depend on the frames drawn before.
    public enum Accumulation: Sendable, Hashable {
        case none
        case smoothed
        case integrated
    }

    public var content: Content
    /// Samples (waveform) or bins (spectrum) across the image.
    public var length: Int
    public var accumulation = Accumulation.none

    /// Without MAX: 1024 samples (about 21 ms at 48 kHz), or 512 bins from a 1024-sample window (47 Hz apart
    /// at 48 kHz); common sizes for visualisers, cheap to draw and to transform each frame.
    public static let defaultWaveformLength = 1024
    public static let defaultSpectrumLength = 512

    /// The shape an ISF input declares; nil for inputs that are not sound.
    public init?(_ input: ISFInput) {
        switch input.kind {
        case .audio: self.init(content: .waveform, length: input.soundLength ?? Self.defaultWaveformLength)
        case .audioFFT: self.init(content: .spectrum, length: input.soundLength ?? Self.defaultSpectrumLength)
        default: return nil
        }
    }

    public init(content: Content, length: Int, accumulation: Accumulation = .none) {
        self.content = content
        self.length = length
        self.accumulation = accumulation
    }

    /// The shape as a sound source analyses it, before any accumulation over frames.
    public var analysed: SoundImageShape { SoundImageShape(content: content, length: length) }

    /// How many of the latest samples it is made from.
    public var window: Int { content == .waveform ? length : 2 * length }
}

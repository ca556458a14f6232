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

    public var content: Content
    /// Samples (waveform) or bins (spectrum) across the image.
    public var length: Int

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

    public init(content: Content, length: Int) {
        self.content = content
        self.length = length
    }

    /// How many of the latest samples it is made from.
    public var window: Int { content == .waveform ? length : 2 * length }
}

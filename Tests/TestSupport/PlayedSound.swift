import Foundation

/// What an app played through ALSA's file plugin (`TestTone.alsaConfiguration(writingRaw:)`): 16-bit stereo
/// at 48 kHz, read back as the first channel's samples from -1 to 1.
public struct PlayedSound: Sendable {
    public static let sampleRate = 48_000
    public let samples: [Float]

    /// The file as written so far (a partly written last frame is left out).
    public init(path: String) {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let frames = bytes.count / 4
        samples = bytes.withUnsafeBytes { raw in
            (0..<frames).map { Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int16.self))) / 32768 }
        }
    }

    public var seconds: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// Whether every sample of `range` is within `tolerance` of zero.
    public func isSilent(_ range: Range<Int>, tolerance: Float = 0.01) -> Bool {
        samples[range].allSatisfy { abs($0) <= tolerance }
    }

    /// The index just after the last sample louder than `threshold` before `end`; nil when there is none.
    public func endOfSound(before end: Int, threshold: Float = 0.05) -> Int? {
        samples[..<end].lastIndex { abs($0) > threshold }.map { $0 + 1 }
    }

    /// The index of the first sample louder than `threshold` from `start` on; nil when there is none.
    public func startOfSound(from start: Int, threshold: Float = 0.05) -> Int? {
        samples[start...].firstIndex { abs($0) > threshold }
    }

    /// Of `candidates`, the frequency strongest in `range` (Goertzel's single-bin transform).
    public func strongestFrequency(in range: Range<Int>, of candidates: [Double]) -> Double? {
        candidates.max { power(at: $0, in: range) < power(at: $1, in: range) }
    }

    /// The power of the `frequency` component of `range`, normalised so that a full-scale sine gives 1.
    public func power(at frequency: Double, in range: Range<Int>) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(Self.sampleRate))
        var previous = 0.0, beforePrevious = 0.0
        for sample in samples[range] {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return 4 * power / Double(range.count * range.count)
    }
}

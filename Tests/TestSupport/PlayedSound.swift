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

    /// The sound of the movie at `moviePath`, decoded by the `ffmpeg` command to 16-bit stereo at 48 kHz in
    /// `rawPath` and read back.
    public init(decodingSoundOf moviePath: String, into rawPath: String) throws {
        let result = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", moviePath, "-vn", "-f", "s16le", "-ac", "2", "-ar", "48000", rawPath],
                                    in: FileManager.default.currentDirectoryPath)
        guard result.status == 0 else { throw TestClipError(message: "ffmpeg \(moviePath): \(result.error)") }
        self.init(path: rawPath)
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

    /// The 50 ms stretches from `start` to `end` (sample indices) whose strongest frequency of `candidates`
    /// has a power within `tolerance` of `power`: where one of those tones sounds at that level.
    public func stretches(from start: Int, to end: Int, holding candidates: [Double], power: Double, tolerance: Double = 0.05) -> (toned: Int, all: Int) {
        let stretches = stride(from: start, to: end - 2400, by: 2400).map { $0 ..< $0 + 2400 }
        let toned = stretches.filter { stretch in
            strongestFrequency(in: stretch, of: candidates).map { abs(self.power(at: $0, in: stretch) - power) < tolerance } ?? false
        }
        return (toned.count, stretches.count)
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

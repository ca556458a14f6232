import Audio
import Foundation
import Testing

/// Spectra of tones made here: the peak in the tone's bin, at the tone's amplitude.
@Suite("Spectra through FFTW")
struct SpectrumAnalyserTests {
    func sine(bin: Double, amplitude: Float, length: Int) -> [Float] {
        (0..<length).map { amplitude * Float(sin(2 * Double.pi * bin * Double($0) / Double(length))) }
    }

    func spectrum(_ samples: [Float], analyser: SpectrumAnalyser) -> [Float] {
        var magnitudes = [Float](repeating: 0, count: analyser.binCount)
        samples.withUnsafeBufferPointer { input in
            magnitudes.withUnsafeMutableBufferPointer { analyser.magnitudes(of: input, into: $0) }
        }
        return magnitudes
    }

    @Test("a tone centred on a bin peaks there at its amplitude, and the plan is reused block after block")
    func toneOnABin() throws {
        let analyser = try SpectrumAnalyser(windowLength: 512)
        #expect(analyser.binCount == 256)
        for (bin, amplitude) in [(16.0, Float(0.5)), (100.0, 1), (16.0, 0.25)] {
            let magnitudes = spectrum(sine(bin: bin, amplitude: amplitude, length: 512), analyser: analyser)
            let peak = try #require(magnitudes.indices.max { magnitudes[$0] < magnitudes[$1] })
            #expect(peak == Int(bin))
            #expect(abs(magnitudes[peak] - amplitude) < 0.001, "\(magnitudes[peak])")
            // The Hann window spreads a centred tone over its two neighbours only, at half its height.
            #expect(abs(magnitudes[peak + 1] - amplitude / 2) < 0.001)
            #expect(magnitudes[peak + 3] < 0.001)
        }
    }

    @Test("silence has no spectrum")
    func silence() throws {
        let analyser = try SpectrumAnalyser(windowLength: 64)
        #expect(spectrum([Float](repeating: 0, count: 64), analyser: analyser).allSatisfy { $0 == 0 })
    }
}

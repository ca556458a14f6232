import Foundation
import CFFTW
import OperatingSystem

/// Magnitude spectra of blocks of samples through FFTW's single-precision real transform. The plan is
/// made once, when the analyser is, and reused for every block; a Hann window tames the leakage of a tone
/// that does not fit the block exactly.
///
/// Magnitudes are scaled by 2 / (the window's sum), so a sine of amplitude A centred on a bin reads A there:
/// a full-scale tone reads 1, whatever the block length. Bin k is k × sampleRate / windowLength Hz.
public final class SpectrumAnalyser {
    /// Samples in a block; `binCount` bins come out, from 0 Hz up to just below half the sample rate.
    public let windowLength: Int
    public var binCount: Int { windowLength / 2 }
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<fftwf_complex>
    private let plan: fftwf_plan
    private let window: [Float]
    private let scale: Float

    /// FFTW's planner keeps global state and is not thread-safe (executing plans is): every plan is made
    /// and destroyed under this one lock.
    private static let planner = Locked(())

    private let fftw: FFTWFunctions

    /// Throws when FFTW's library cannot be loaded.
    public init(windowLength: Int) throws(SharedLibraryError) {
        precondition(windowLength >= 2, "a spectrum needs at least two samples")
        let fftw = try FFTWFunctions.loaded.get()
        self.fftw = fftw
        self.windowLength = windowLength
        let input = fftw.allocateReal(windowLength)!
        let output = fftw.allocateComplex(windowLength / 2 + 1)!.bindMemory(to: fftwf_complex.self, capacity: windowLength / 2 + 1)
        self.input = input
        self.output = output
        plan = Self.planner.withLock {
            fftw.planRealToComplex(Int32(windowLength), input, output, cfftw_estimate())!
        }
        // The periodic Hann window, which sums to exactly half the block.
        window = (0..<windowLength).map { index in
            let phase = 2 * Double.pi * Double(index) / Double(windowLength)
            return Float(0.5 - 0.5 * cos(phase))
        }
        scale = 2 / window.reduce(0, +)
    }

    deinit {
        Self.planner.withLock { fftw.destroyPlan(plan) }
        fftw.free(input)
        fftw.free(output)
    }

    /// Writes the magnitudes of `samples` (`windowLength` of them) into `magnitudes` (`binCount` of them).
    public func magnitudes(of samples: UnsafeBufferPointer<Float>, into magnitudes: UnsafeMutableBufferPointer<Float>) {
        precondition(samples.count == windowLength && magnitudes.count == binCount)
        for index in 0..<windowLength {
            input[index] = samples[index] * window[index]
        }
        fftw.execute(plan)
        for bin in 0..<binCount {
            let (real, imaginary) = output[bin]
            // The 0 Hz bin has no mirror image in the negative frequencies to fold in.
            let factor = bin == 0 ? scale / 2 : scale
            magnitudes[bin] = (real * real + imaginary * imaginary).squareRoot() * factor
        }
    }
}

import CFFTW
import OperatingSystem

/// The part of FFTW's single-precision library spectra use, from libfftw3f opened the first time an analyser
/// is made: only a composition with an audioFFT input needs it, and every other run is spared loading it.
struct FFTWFunctions: @unchecked Sendable {
    let allocateReal: @convention(c) (Int) -> UnsafeMutablePointer<Float>?
    /// Complex numbers (`fftwf_complex`, two floats) are raw here: a C function type cannot spell a Swift tuple.
    let allocateComplex: @convention(c) (Int) -> UnsafeMutableRawPointer?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let planRealToComplex: @convention(c) (Int32, UnsafeMutablePointer<Float>?, UnsafeMutableRawPointer?, UInt32) -> fftwf_plan?
    let execute: @convention(c) (fftwf_plan?) -> Void
    let destroyPlan: @convention(c) (fftwf_plan?) -> Void

    static let loaded: Result<FFTWFunctions, SharedLibraryError> = Result { () throws(SharedLibraryError) in
        let library = SharedLibrary("libfftw3f.so.3")
        return FFTWFunctions(allocateReal: try library.function("fftwf_alloc_real"),
                             allocateComplex: try library.function("fftwf_alloc_complex"),
                             free: try library.function("fftwf_free"),
                             planRealToComplex: try library.function("fftwf_plan_dft_r2c_1d"),
                             execute: try library.function("fftwf_execute"),
                             destroyPlan: try library.function("fftwf_destroy_plan"))
    }
}

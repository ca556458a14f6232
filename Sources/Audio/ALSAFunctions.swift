import CALSA
import OperatingSystem

/// The part of ALSA live capture and playback use, from libasound opened the first time either starts: only a
/// window whose composition hears live sound or plays a soundtrack needs it, and every other run is spared
/// loading it.
struct ALSAFunctions: @unchecked Sendable {
    let open: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, snd_pcm_stream_t, Int32) -> Int32
    let setParameters: @convention(c) (OpaquePointer?, snd_pcm_format_t, snd_pcm_access_t, UInt32, UInt32, Int32, UInt32) -> Int32
    let close: @convention(c) (OpaquePointer?) -> Int32
    let readInterleaved: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, snd_pcm_uframes_t) -> snd_pcm_sframes_t
    let writeInterleaved: @convention(c) (OpaquePointer?, UnsafeRawPointer?, snd_pcm_uframes_t) -> snd_pcm_sframes_t
    let wait: @convention(c) (OpaquePointer?, Int32) -> Int32
    let recover: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// `snd_lib_error_set_handler`, whose handler type is variadic, so only C (`calsa_quiet`) can call it.
    let setErrorHandler: UnsafeMutableRawPointer

    static let loaded: Result<ALSAFunctions, SharedLibraryError> = Result { () throws(SharedLibraryError) in
        let library = SharedLibrary("libasound.so.2")
        return ALSAFunctions(open: try library.function("snd_pcm_open"),
                             setParameters: try library.function("snd_pcm_set_params"),
                             close: try library.function("snd_pcm_close"),
                             readInterleaved: try library.function("snd_pcm_readi"),
                             writeInterleaved: try library.function("snd_pcm_writei"),
                             wait: try library.function("snd_pcm_wait"),
                             recover: try library.function("snd_pcm_recover"),
                             errorText: try library.function("snd_strerror"),
                             setErrorHandler: try library.address(of: "snd_lib_error_set_handler"))
    }
}

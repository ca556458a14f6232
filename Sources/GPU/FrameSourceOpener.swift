import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Opens the producers behind a composition's live nodes. The app above supplies it, so the GPU module
/// converts their frames without importing cameras or movies.
public protocol FrameSourceOpener {
    /// Starts a camera asking for `size`, its frames converted to RGBA where `conversionSite` says. A device
    /// named explicitly that is not there is an error at the node; an absent `auto` camera is not (the executor
    /// shows the test pattern).
    func openCamera(_ camera: CameraSource, size: PixelSize, conversionSite: FrameConversionSite,
                    onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource
    /// Opens a movie file and starts decoding it, its frames converted to RGBA where `conversionSite` says. A
    /// file that is not a playable movie is an error at the node.
    func openMovie(_ movie: MovieSource, conversionSite: FrameConversionSite,
                   onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource
    /// Opens an audio node's sound: its file decoded, or for the live sound capture (the window) or
    /// `liveMovie`'s soundtrack, else silence (renders). A file without playable sound is an error at the node.
    func openSound(_ audio: AudioSource, liveMovie: MovieSource?) throws(DiagnosticsError) -> any SoundSource
}

import ShaderGraph
import ShaderLanguage

/// Sound for an audio node, made into what ISF's audio and audioFFT inputs show: a decoded file read at the
/// clock's time, or live capture. The app above supplies it through `FrameSourceOpener`, so the GPU module
/// uploads its images without importing FFmpeg, ALSA or FFTW. A source releases what it holds (a capture
/// device) when it goes away.
public protocol SoundSource: AnyObject {
    /// The images' rows.
    var channelCount: Int { get }
    /// The values of the image `shape` describes for the moment `seconds` of the composition's clock (a file
    /// is read there exactly; live sound gives its newest samples), channel 0's row first, each row
    /// `shape.length` long, laid out as `SoundImageShape` says.
    func values(of shape: SoundImageShape, at seconds: Double) -> [Float]
    /// One line for the user while it is not delivering sound (no capture device, or capture stopped).
    var notice: String? { get }
    /// Whether it is sound heard live (capture), which a recording of the window can carry.
    var isLive: Bool { get }
    /// Hands live sound to `listener` as it is heard (interleaved stereo at 48 kHz, from -1 to 1, with the
    /// moment its first sample was heard), on a thread of its own; nil stops. Other sound hands nothing.
    func listen(_ listener: (@Sendable (_ samples: [Float], _ heardAt: ContinuousClock.Instant) -> Void)?)
}

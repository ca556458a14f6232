import Audio
import Capture
import GPU
import Media
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// The sources the workbench opens for live nodes: V4L2 cameras, movie files, and sound.
public struct StandardFrameSources: FrameSourceOpener {
    /// Whether a movie is read through to its end when it opens, so a truncated or corrupt file is found
    /// before anything runs (`check`); otherwise only its first frame must decode.
    public var verifiesMovies: Bool
    /// Whether a camera another program holds is an error at its node (`render` and `check`, which cannot
    /// wait for it); otherwise it is a notice while its session keeps trying (the window).
    public var busyCameraIsAnError: Bool
    /// Whether the live sound is the default ALSA capture device (the window); otherwise it is the live
    /// movie's soundtrack, or silence (`render` and `check`, which must give the same frames every time).
    public var capturesSound: Bool

    public init(verifiesMovies: Bool = false, busyCameraIsAnError: Bool = false, capturesSound: Bool = false) {
        self.verifiesMovies = verifiesMovies
        self.busyCameraIsAnError = busyCameraIsAnError
        self.capturesSound = capturesSound
    }

    public func openCamera(_ camera: CameraSource, size: PixelSize, conversionSite: FrameConversionSite,
                           onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource {
        let request = CaptureRequest(width: size.width, height: size.height, frameRate: camera.frameRate ?? 30,
                                     format: camera.format.flatMap(CameraPixelFormat.init(rawValue:)))
        let toRGBA = conversionSite == .cpu ? CameraFrameConverter() : nil
        if case .pipewire(let node) = camera.device {
            return try openPipeWireCamera(node, for: camera, request: request, toRGBA: toRGBA, onFrame: onFrame)
        }
        if camera.device == .auto, DeviceDiscovery.find(.auto) == nil,
           let first = (try? PipeWireDiscovery.cameras())?.first {
            StandardStreams.error("camera: no V4L2 camera answers; using the PipeWire camera \(first.label)\n")
            return try openPipeWireCamera(first.name, for: camera, request: request, toRGBA: toRGBA, onFrame: onFrame)
        }
        if camera.device != .auto, DeviceDiscovery.find(camera.device) == nil {
            let found = DeviceDiscovery.captureDevices().map { $0.isBusy ? "\($0.name), busy" : $0.name }
            let list = found.isEmpty ? "no capture devices are connected" : "found: \(found.joined(separator: ", "))"
            throw DiagnosticsError([.error("no camera matches '\(camera.device)'; \(list)", at: camera.location, code: .noCamera)])
        }
        let session = CameraSession(selector: camera.device, request: request, toRGBA: toRGBA, onFrame: onFrame)
        _ = session.waitUntilNegotiated(timeout: 2)
        if busyCameraIsAnError, session.status.state == .busy, let problem = session.status.problem {
            session.stop()
            throw DiagnosticsError([.error(problem, at: camera.location, code: .cameraNotDelivering)])
        }
        return session
    }

    /// A PipeWire camera node that must be there when the composition opens; once open, its session follows
    /// it through the node's and the daemon's comings and goings.
    private func openPipeWireCamera(_ node: String, for camera: CameraSource, request: CaptureRequest, toRGBA: CameraFrameConverter?,
                                    onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource {
        let cameras: [PipeWireCameraDescription]
        do throws(PipeWireDiscovery.Unavailable) {
            cameras = try PipeWireDiscovery.cameras()
        } catch {
            throw DiagnosticsError([.error("camera '\(camera.device)': \(error.description)", at: camera.location, code: .noCamera)])
        }
        if PipeWireDiscovery.find(node, among: cameras) == nil {
            let list = cameras.isEmpty ? "PipeWire has no camera\(PipeWireDiscovery.sandboxNote.map { " (\($0))" } ?? "")"
                : "found: \(cameras.map { "pipewire:\($0.label)" }.joined(separator: ", "))"
            let wanted = node.isEmpty ? "no PipeWire camera is there" : "no PipeWire camera matches '\(node)'"
            throw DiagnosticsError([.error("\(wanted); \(list)", at: camera.location, code: .noCamera)])
        }
        let session = PipeWireCamera(node: node, request: request, toRGBA: toRGBA, onFrame: onFrame)
        _ = session.waitUntilNegotiated(timeout: 2)
        return session
    }

    public func openMovie(_ movie: MovieSource, conversionSite: FrameConversionSite,
                          onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource {
        if movie.isStream { return try openStream(movie, conversionSite: conversionSite, onFrame: onFrame) }
        do throws(MediaError) {
            let reader = try MovieReader(path: movie.file, conversionSite: conversionSite, onFrame: onFrame)
            if verifiesMovies {
                do throws(MediaError) {
                    try reader.verify()
                } catch {
                    reader.stop()
                    throw error
                }
            }
            return reader
        } catch {
            throw DiagnosticsError([.error(error.message, at: movie.location, code: .movieNotDecoded)])
        }
    }

    /// Connects to a network stream and waits a little for its first frame, so that the node takes the
    /// stream's size. A render and `check`, which need its frames, wait longer and fail without them; the
    /// window shows black with a notice and keeps connecting.
    private func openStream(_ movie: MovieSource, conversionSite: FrameConversionSite,
                            onFrame: @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource {
        let stream = LiveStreamReader(url: movie.file, conversionSite: conversionSite, onFrame: onFrame)
        let waitForFirstFrame = busyCameraIsAnError ? Self.renderStreamWait : Self.windowStreamWait
        if !stream.waitUntilStreaming(timeout: waitForFirstFrame), busyCameraIsAnError {
            let reason = stream.failure.map { " (\($0))" } ?? ""
            stream.stop()
            throw DiagnosticsError([.error("\(movie.file): no frame arrived in \(Int(waitForFirstFrame)) s\(reason); is the sender running?",
                                           at: movie.location, code: .streamNotReceived)])
        }
        return stream
    }

    /// How long a render waits for a stream's first frame, and how long the window waits before it shows the
    /// composition without it.
    static let renderStreamWait = 10.0
    static let windowStreamWait = 1.0

    public func openSound(_ audio: AudioSource, liveMovie: MovieSource?) throws(DiagnosticsError) -> any SoundSource {
        if audio.file == nil, capturesSound {
            // Without a device the composition keeps running on silence while the capture looks for one,
            // and the window says why.
            return AnalysedSound(.captured(SoundCapture()))
        }
        if audio.file == nil, let liveMovie, liveMovie.isStream {
            return AnalysedSound(.silence(channels: SoundCapture.channelCount),
                                 notice: "\(liveMovie.file): a stream's sound is not heard, only its pictures are shown; audio inputs hear silence")
        }
        guard let file = audio.file ?? liveMovie?.file else {
            return AnalysedSound(.silence(channels: SoundCapture.channelCount),
                                 notice: "the live sound is silence in a render; give the audio node a file, or render a movie as the live source")
        }
        do throws(MediaError) {
            let sound = try DecodedSound(path: file)
            guard audio.file == nil, let liveMovie else { return AnalysedSound(.decoded(sound)) }
            return AnalysedSound(.soundtrack(Soundtrack(sound: sound, movie: liveMovie,
                                                        duration: try MovieReader.duration(ofMovieAt: liveMovie.file))))
        } catch {
            // A live movie without sound is no mistake in the composition; a file the node names is.
            guard audio.file == nil else { throw DiagnosticsError([.error(error.message, at: audio.location, code: .movieNotDecoded)]) }
            return AnalysedSound(.silence(channels: SoundCapture.channelCount), notice: "\(error.message); audio inputs hear silence")
        }
    }
}

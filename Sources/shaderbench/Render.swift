import ArgumentParser
import Headless
import Media
import OperatingSystem
import ShaderGraph
import ShaderLanguage

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames headless to PNG files or a movie.",
        discussion: "Frame k is drawn at time k/fps, so ranges rendered separately (--start) match a single render: where frames carry state (feedback, persistent targets), the frames before the range are drawn first, unwritten."
    )

    @OptionGroup var options: CompositionOptions

    @Option(name: .long, help: ArgumentHelp("Output: PNG files with a frame number (out/frame-%04d.png), a movie (.mp4, .mkv, .mov, .webm), a network stream sent in real time (udp://HOST:PORT or srt://HOST:PORT as MPEG-TS, rtmp://…, rtsp://…), or - for a YUV4MPEG2 stream on standard output (| ffmpeg -i -, | mpv -).", valueName: "PATH"))
    var out: String?

    @Option(help: ArgumentHelp("Send the frames at the render's rate to a camera other programs read instead: pipewire:NAME publishes a PipeWire camera node (pipewire alone names it shaderbench), v4l2:/dev/videoN writes a V4L2 video output, or v4l2 the first (v4l2loopback makes one: sudo modprobe v4l2loopback exclusive_caps=1).", valueName: "pipewire:NAME|v4l2:DEVICE"))
    var output: String?

    @Option(help: ArgumentHelp("Movie encoder, an FFmpeg name: libx264, libx265, libvpx-vp9, libaom-av1, mpeg4, mjpeg, prores_ks, png, … (those this FFmpeg has are listed when the name is wrong); default: libx264, or libvpx-vp9 for .webm.", valueName: "NAME"))
    var codec: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Movie quality, lower is better and larger: the constant rate factor for libx264 and libx265 (0–51, default 18 for libx264), libvpx-vp9 and libaom-av1 (0–63, default 32 for VP9), the quantiser for mpeg4, mpeg2video and mjpeg (1–31); lossless encoders and ProRes take none.", valueName: "Q"),
            transform: RenderRange.quality)
    var quality: Int?

    @Option(parsing: .unconditional, help: "Number of frames to render (1 or more); default: when the live source is a movie, all of it from --start, else 1.",
            transform: RenderRange.frames)
    var frames: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second (above 0), as a number or a fraction (30, 12.5, 30000/1001; 29.97 is 30000/1001): frame k is at time k/fps; default: the composition's rate:, else the live movie's own rate, else 30.", valueName: "fps"),
            transform: RenderRange.framesPerSecond)
    var fps: MovieSettings.FrameRate?

    @Option(help: ArgumentHelp("Render size, overriding the composition's (an output node with a size of its own keeps it): each side 1 to 16384, at most 64 megapixels.", valueName: "WxH"),
            transform: { text in try PixelSize(parsing: text) })
    var size: PixelSize?

    @Option(parsing: .unconditional, help: "Index of the first frame (0 or more); the frames before it are drawn first, unwritten, where it depends on them.", transform: RenderRange.start)
    var start: Int = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Where the pointer rests over the output, in its pixels from the bottom-left, for shaders that follow it without a button held (glslViewer's u_mouse, GLSL Sandbox's mouse); default: where each host rests it before the pointer comes.", valueName: "X,Y"),
            transform: RenderRange.mouse)
    var mouse: SIMD2<Float>?

    @Option(help: ArgumentHelp("Write every value node's result per frame to FILE as JSON lines (frame, time, node, value).", valueName: "FILE"))
    var values: String?

    @Flag(help: "Draw as a GPU without EXT_shader_framebuffer_fetch does: shaders that read gl_LastFragData read their target from a texture.")
    var withoutFramebufferFetch = false

    /// Usage errors found here, rather than in `run`, are shown with render's usage, not the top level's.
    func validate() throws {
        _ = try destination()
    }

    func run() throws {
        let destination = try destination()
        var request = RenderRequest(composition: options.composition, input: options.liveInput, output: destination,
                                    frames: frames, frameRate: fps, start: start, size: size, overrides: options.settings,
                                    valuesPath: values)
        request.stages = options.stages
        request.framebufferFetch = !withoutFramebufferFetch
        request.pointerPosition = mouse
        request.includeFolders = options.includeFolders
        request.fusing = !options.noFuse
        request.precision = options.precision
        do throws(RenderJob.Failure) {
            let written = try RenderJob.run(request, progress: .automatic())
            if case .videoDevice = destination {
                StandardStreams.error("wrote \(written.count) frame\(written.count == 1 ? "" : "s") to \(written.last ?? "the video output")\n")
            } else if case .standardOutput = destination {
                // Standard output carries the frames; what is said about them goes to standard error.
                StandardStreams.error("wrote \(written.count) frame\(written.count == 1 ? "" : "s") to standard output\n")
            } else if case .movie(let movie) = destination {
                let verb = MovieSettings.isStream(movie.path) ? "sent" : "wrote"
                StandardStreams.output("\(verb) \(movie.path) (\(written.count) frame\(written.count == 1 ? "" : "s"))\n")
            } else if written.count == 1 {
                StandardStreams.output("wrote \(written[0])\n")
            } else if let first = written.first, let last = written.last {
                StandardStreams.output("wrote \(written.count) frames: \(first) … \(last)\n")
            }
        } catch .outputClosed(let frames) {
            // The reader had what it wanted (`| head`, a player closed): a clean end, said on standard error.
            StandardStreams.error("note: \(RenderJob.Failure.outputClosed(framesWritten: frames).description)\n")
        } catch {
            // Found only once the composition is open, it is still shown as render's usage errors are.
            if case .usage(let message) = error {
                StandardStreams.error("Error: \(message)\nUsage: \(Shaderbench.usageString(for: Render.self))\n"
                                      + "  See 'shaderbench render --help' for more information.\n")
                throw ExitCode.validationFailure
            }
            StandardStreams.error(error.description + "\n")
            if case .diagnostics = error { throw ExitCode(ExitCodes.diagnostics) }
            throw ExitCode(ExitCodes.failure)
        }
    }

    /// Where `--out` goes, with `--codec`, `--quality` and `--frames` checked against it.
    private func destination() throws -> RenderDestination {
        let destination: RenderDestination
        switch (out, output) {
        case (nil, nil):
            throw ValidationError("render needs --out (PNG files, a movie, or - for standard output) or --output (pipewire:NAME or v4l2:DEVICE)")
        case (_?, _?):
            throw ValidationError("--out and --output are two places for the same frames: give one")
        case (nil, let output?):
            guard let device = RenderDestination(parsingOutput: output) else { throw ValidationError(RenderDestination.outputUsage) }
            if codec != nil || quality != nil { throw ValidationError("--codec and --quality apply to movies; --output writes raw frames to a camera") }
            return device
        case (let out?, nil):
            do {
                destination = try RenderDestination(parsing: out, codec: codec, quality: quality)
            } catch {
                throw ValidationError(error.description)
            }
        }
        switch destination {
        case .images(let pattern):
            if codec != nil || quality != nil {
                throw ValidationError("--codec and --quality apply to movies; --out \(out ?? "") writes PNG files")
            }
            if let frames, frames > 1, !pattern.isNumbered {
                throw ValidationError("--out \(out ?? ""): rendering \(frames) frames needs a frame number in the pattern, such as frame-%04d.png")
            }
        case .standardOutput:
            if codec != nil || quality != nil {
                throw ValidationError("--codec and --quality apply to movies; --out - writes uncompressed YUV4MPEG2 frames")
            }
        case .videoDevice, .pipewireCamera:
            break
        case .movie(let movie):
            if let problem = VideoEncoderCatalogue.problem(codec: codec, quality: quality, moviePath: movie.path) {
                throw ValidationError(problem)
            }
        }
        return destination
    }
}

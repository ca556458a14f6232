import GPU
import Media
import ShaderGraph
import ShaderLanguage

/// Which frames a render draws and how fast they play: what was asked for, with the composition's `rate:` and
/// `duration:`, else the live movie's own rate and length, standing in for what was not, so that
/// `render --input clip.mp4 --out x.mp4` is the whole clip at its own speed. Without either the defaults are
/// 30 fps and one frame.
struct RenderTimeline {
    static let defaultFrameRate = MovieSettings.FrameRate(30)

    let frameRate: MovieSettings.FrameRate
    /// The first frame's index.
    let start: Int
    let frames: Int

    init(_ request: RenderRequest, composition: Composition) throws(RenderJob.Failure) {
        start = request.start
        let movie = Self.liveMovie(of: composition)
        let timing: (frameRate: MovieSettings.FrameRate?, duration: Double)?
        if let movie, (request.frameRate == nil && composition.rate == nil) || request.frames == nil {
            do {
                timing = try MovieReader.timing(ofMovieAt: movie.file)
            } catch {
                throw .failed(error.message, code: .movieNotDecoded)
            }
        } else {
            timing = nil
        }
        frameRate = request.frameRate ?? composition.rate ?? timing?.frameRate ?? Self.defaultFrameRate
        if let frames = request.frames {
            self.frames = frames
        } else if let duration = composition.duration, request.output.holdsManyFrames {
            // The composition's length from frame 0, less the frames before --start.
            let whole = Int((duration * frameRate.framesPerSecond).rounded())
            guard whole > start else {
                throw .usage("--start \(start) is at or after the end of the composition's duration (\(whole) frames at \(frameRate)); give --frames to render past it")
            }
            self.frames = whole - start
        } else if let movie, let timing, request.output.holdsManyFrames {
            // One pass of the movie from the node's start, at the node's speed, less the frames before --start.
            let seconds = (timing.duration - movie.start) / movie.speed
            let whole = Int((seconds * frameRate.framesPerSecond).rounded())
            guard whole > start else {
                throw .usage(DiagnosticCode.startPastMovieEnd.tagging(
                    "--start \(start) is at or after the end of \(movie.file) (\(whole) frames at \(frameRate)); give --frames to render past it"))
            }
            self.frames = whole - start
        } else {
            self.frames = 1
        }
    }

    var indices: Range<Int> { start..<(start + frames) }

    /// Frame `index` is at index / rate seconds, whatever range is rendered.
    func time(ofFrame index: Int) -> FrameTime {
        FrameTime(index: index, seconds: frameRate.seconds(ofFrame: index))
    }

    /// The composition's live source when it is a movie file (as `--input clip.mp4` makes it); a stream has
    /// no length or rate to stand in for what was not asked.
    private static func liveMovie(of composition: Composition) -> MovieSource? {
        guard let name = composition.liveSource, let node = composition.nodes.first(where: { $0.name == name }),
              case .movie(let movie) = node.kind, movie.speed > 0, !movie.isStream else { return nil }
        return movie
    }
}

import GPU
import Media
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// One movie file: each frame converted to YUV 4:2:0 on the GPU and read back a couple of frames later, or,
/// where the GPU is software, read as RGBA and converted on the encoder's own thread (`RGBAReadback`), so
/// drawing, reading back, converting and encoding overlap.
struct MovieSink: RenderedFrameSink {
    /// Movies are tagged BT.709.
    static let matrix = ColorEncoding.Matrix.bt709
    private let output: MovieOutput
    private let readback: any FrameReadback
    private let writer: MovieWriter
    /// The first frame's index: the movie starts there.
    private let firstFrame: Int
    /// A network stream's frames go out at the composition's rate; a file's as fast as they are drawn.
    private let pacing: StreamPacing?

    /// `sound` is what the movie carries, from its first frame on; nil makes a silent movie. `packed`: the frames
    /// come as their planes (`GraphExecutor.packsOutput`).
    init(_ output: MovieOutput, imageSize: PixelSize, frameRate: MovieSettings.FrameRate, firstFrame: Int,
         sound: (any TimelineSound)?, packed: Bool, progress: ProgressReporter) throws(RenderJob.Failure) {
        self.output = output
        self.firstFrame = firstFrame
        pacing = MovieSettings.isStream(output.path) ? StreamPacing(frameRate: frameRate) : nil
        do {
            readback = try FrameReadbacks.forMovie(imageSize: imageSize, packed: packed)
        } catch {
            throw .failed("cannot read frames back for \(output.path): \(error.message)")
        }
        let settings = MovieSettings(path: output.path, width: readback.size.width, height: readback.size.height,
                                     frameRate: frameRate, codec: output.codec, quality: output.quality, sound: sound,
                                     whenBehind: .wait)
        if pacing != nil {
            // An SRT listener's header waits for its first receiver to connect.
            let waits = output.path.contains("mode=listener")
            progress.note("streaming to \(output.path) at \(frameRate), in real time\(waits ? ", once a receiver connects" : "")")
        }
        do {
            if pacing == nil { try Directories.createParent(of: output.path) }
            writer = try MovieWriter(settings)
        } catch let error as MediaError {
            throw .failed(error.message, code: .outputNotWritten)
        } catch {
            throw .failed("\(output.path): \(error)", code: .outputNotWritten)
        }
        if imageSize != readback.size {
            progress.warn("\(output.path): 4:2:0 video needs an even size; \(imageSize) is written as \(readback.size), repeating the last column or row",
                          code: .evenSize)
        }
        for warning in writer.warnings { progress.warn(warning, code: .movieWithoutOption) }
    }

    func write(_ image: RenderTarget, frame index: Int) throws(RenderJob.Failure) -> String {
        let frame: VideoFrame?
        do {
            frame = try readback.push(image, index: index - firstFrame)
        } catch {
            throw .failed("frame \(index): \(error.message)")
        }
        if let frame { try append(frame) }
        return output.path
    }

    func finish() throws(RenderJob.Failure) {
        let frames: [VideoFrame]
        do {
            frames = try readback.drain()
        } catch {
            throw .failed("finishing \(output.path): \(error.message)")
        }
        for frame in frames { try append(frame) }
        do throws(MediaError) {
            try writer.finish()
        } catch {
            throw .failed(error.message, code: .outputNotWritten)
        }
    }

    private func append(_ frame: VideoFrame) throws(RenderJob.Failure) {
        pacing?.wait(forFrame: Int(frame.sequence))
        do throws(MediaError) {
            _ = try writer.append(frame, frameIndex: Int(frame.sequence))
        } catch {
            throw .failed(error.message, code: .outputNotWritten)
        }
        readback.recycle(frame)
    }
}

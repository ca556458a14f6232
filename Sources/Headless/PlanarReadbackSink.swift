import GPU
import VideoFrames

/// A sink whose frames are read back as YUV planes (`YUVReadbacks`), up to a frame or two behind the render, and
/// sent on one by one: a pipe of y4m, a virtual camera. Writing and finishing are the same for all; where the planes
/// go is each one's own.
protocol PlanarReadbackSink: RenderedFrameSink {
    var readback: any FrameReadback { get }
    /// The render's first frame, which the readback counts from.
    var firstFrame: Int { get }
    /// Where the frames go, for messages and as what `write` returns.
    var destination: String { get }
    /// Sends one frame's planes on, and gives its buffer back to the readback.
    mutating func send(_ frame: VideoFrame) throws(RenderJob.Failure)
}

extension PlanarReadbackSink {
    mutating func write(_ image: RenderTarget, frame index: Int) throws(RenderJob.Failure) -> String {
        let frame: VideoFrame?
        do {
            frame = try readback.push(image, index: index - firstFrame)
        } catch {
            throw .failed("frame \(index): \(error.message)")
        }
        if let frame { try send(frame) }
        return destination
    }

    mutating func finish() throws(RenderJob.Failure) {
        let frames: [VideoFrame]
        do {
            frames = try readback.drain()
        } catch {
            throw .failed("finishing \(destination): \(error.message)")
        }
        for frame in frames { try send(frame) }
    }
}

import Capture
import GPU
import Media
import ShaderGraph
import ShaderLanguage
import VideoFrames
#if canImport(Glibc)
import Glibc
#endif

/// Frames to a V4L2 video output (`--output v4l2:DEVICE`), which other programs read as a camera: converted
/// to 4:2:0 on the GPU (BT.601, limited range, as cameras of this kind are read), interleaved as YUYV and
/// written at the render's rate, frame k at k / fps after the first, so a reader sees them in real time.
struct VirtualCameraSink: PlanarReadbackSink {
    static let matrix = ColorEncoding.Matrix.bt601
    let readback: any FrameReadback
    private let camera: VirtualCamera
    private let frameRate: MovieSettings.FrameRate
    let firstFrame: Int
    private var started: Double?

    /// `packed`: the frames come as their planes (`GraphExecutor.packsOutput`).
    init(_ selector: String, imageSize: PixelSize, frameRate: MovieSettings.FrameRate, firstFrame: Int, packed: Bool,
         progress: ProgressReporter) throws(RenderJob.Failure) {
        self.frameRate = frameRate
        self.firstFrame = firstFrame
        do {
            readback = try YUVReadbacks.make(imageSize: imageSize, depth: 1, matrix: Self.matrix, packed: packed)
        } catch {
            throw .failed("cannot read frames back for the virtual camera: \(error.message)")
        }
        do throws(VirtualCameraError) {
            camera = try VirtualCamera(selector, width: readback.size.width, height: readback.size.height,
                                       frameRate: (frameRate.numerator, frameRate.denominator))
        } catch {
            throw .failed(error.message, code: .virtualCamera)
        }
        if imageSize != readback.size {
            progress.warn("\(camera.path): YUYV needs an even size; \(imageSize) is written as \(readback.size), repeating the last column or row",
                          code: .evenSize)
        }
    }

    var destination: String { camera.path }

    /// Waits until the frame's moment, then writes it.
    mutating func send(_ frame: VideoFrame) throws(RenderJob.Failure) {
        let now = ProgressReporter.now()
        let start = started ?? now
        started = start
        let due = start + frameRate.seconds(ofFrame: Int(frame.sequence))
        if due > now { usleep(useconds_t((due - now) * 1_000_000)) }
        do throws(VirtualCameraError) {
            try camera.write(i420: frame)
        } catch {
            throw .failed(error.message, code: .virtualCamera)
        }
        readback.recycle(frame)
    }
}

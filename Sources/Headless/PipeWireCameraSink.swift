import Capture
import GPU
import Media
import ShaderLanguage
import VideoFrames
#if canImport(Glibc)
import Glibc
#endif

/// Frames to a PipeWire camera node (`--output pipewire:NAME`) at the render's rate, frame k at k / fps after
/// the first, so a consumer sees them in real time. Each frame is prepared only for a consumer, in the form
/// its format needs: read back as 4:2:0 (BT.601, limited range, the GPU's or libswscale's conversion, whichever
/// this renderer does faster) for YUY2, NV12 and I420, or as RGBA for RGBx and BGRx. With no consumer the
/// frames are drawn and paced, and nothing else is done with them.
struct PipeWireCameraSink: RenderedFrameSink {
    private let output: PipeWireOutput
    private let readback: any FrameReadback
    private let frameRate: MovieSettings.FrameRate
    private let firstFrame: Int
    private var started: Double?
    private var sent = 0
    /// The RGBA an RGBx or BGRx consumer is sent, reused from frame to frame.
    private var rgba: [UInt8] = []
    private let progress: ProgressReporter

    init(_ name: String, imageSize: PixelSize, frameRate: MovieSettings.FrameRate, firstFrame: Int,
         progress: ProgressReporter) throws(RenderJob.Failure) {
        self.frameRate = frameRate
        self.firstFrame = firstFrame
        self.progress = progress
        do {
            readback = try YUVReadbacks.make(imageSize: imageSize, depth: 1, matrix: .bt601)
        } catch {
            throw .failed("cannot read frames back for the PipeWire output: \(error.message)")
        }
        do throws(VirtualCameraError) {
            output = try PipeWireOutput(name: name, width: imageSize.width, height: imageSize.height,
                                        frameRate: (frameRate.numerator, frameRate.denominator))
        } catch {
            throw .failed(error.message, code: .virtualCamera)
        }
        progress.note("PipeWire output: publishing the camera node pipewire:\(name), \(imageSize) at \(frameRate)")
    }

    mutating func write(_ image: RenderTarget, frame index: Int) throws(RenderJob.Failure) -> String {
        let now = ProgressReporter.now()
        let start = started ?? now
        started = start
        let due = start + frameRate.seconds(ofFrame: index - firstFrame)
        if due > now { usleep(useconds_t((due - now) * 1_000_000)) }
        do throws(VirtualCameraError) {
            if output.daemonGone { throw VirtualCameraError("PipeWire stopped, which ends the output pipewire:\(output.name)") }
            switch output.consumerFormat {
            case nil:
                break
            case .rgbx?, .bgrx?:
                image.readPixels(into: &rgba)
                if try output.send(rgba: rgba) { sent += 1 }
            case _?:
                let frame: VideoFrame?
                do {
                    frame = try readback.push(image, index: index - firstFrame)
                } catch {
                    throw VirtualCameraError("frame \(index): \(error.message)")
                }
                if let frame {
                    if try output.send(i420: frame) { sent += 1 }
                    readback.recycle(frame)
                }
            }
        } catch {
            throw .failed(error.message, code: .virtualCamera)
        }
        return "pipewire:\(output.name)"
    }

    mutating func finish() throws(RenderJob.Failure) {
        if let frames = try? readback.drain() {
            for frame in frames {
                if (try? output.send(i420: frame)) == true { sent += 1 }
                readback.recycle(frame)
            }
        }
        progress.note("PipeWire output: \(sent) frames taken by consumers of pipewire:\(output.name)")
    }
}

import Capture
import GPU
import Headless
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// `--output v4l2:DEVICE`: the image the window shows, written to a V4L2 video output that other programs
/// read as a camera, at a steady rate: each new image converted to YUV (BT.601, limited range) as this renderer
/// does it faster (`YUVReadbacks`: on the GPU and read back a frame later, or read as RGBA and converted by
/// libswscale on a software rasterizer), and the last one written again while nothing changes, so a reader
/// never starves.
/// The device is opened at the first image's size, and again when the size changes.
final class WindowVirtualCamera {
    /// Frames a second written to the device, whatever the window draws.
    static let framesPerSecond = 30

    let selector: String
    private var camera: VirtualCamera?
    private var readback: (any FrameReadback)?
    private var imageSize: PixelSize?
    private var lastWrite = ContinuousClock.now
    private var sequence = 0

    init(selector: String) {
        self.selector = selector
    }

    static var interval: Duration { .seconds(1) / framesPerSecond }

    /// How long until the next frame is due, for the loop's wait.
    var timeUntilDue: Double {
        let remaining = lastWrite + Self.interval - .now
        return max(0, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18)
    }

    /// The device it writes to, once open.
    var path: String? { camera?.path }

    /// Starts the conversion of a newly shown image; written when it has been read back (`tick`).
    func show(_ image: RenderTarget) throws {
        if image.size != imageSize {
            let readback = try YUVReadbacks.make(imageSize: image.size, depth: 1, matrix: .bt601)
            camera = nil
            camera = try VirtualCamera(selector, width: readback.size.width, height: readback.size.height,
                                       frameRate: (Self.framesPerSecond, 1))
            self.readback = readback
            imageSize = image.size
        }
        guard let readback else { return }
        sequence += 1
        if let frame = try readback.push(image, index: sequence) { try write(frame) }
    }

    /// When a frame is due: the image still being read back, else the last one again.
    func tick() throws {
        guard let camera, ContinuousClock.now >= lastWrite + Self.interval else { return }
        if let readback, let frame = try readback.drain().last {
            try write(frame)
        } else {
            try camera.repeatLast()
            lastWrite = .now
        }
    }

    private func write(_ frame: VideoFrame) throws {
        guard let camera else { return }
        // A new image arriving faster than the device's rate replaces the last one rather than queueing.
        try camera.write(i420: frame)
        readback?.recycle(frame)
        lastWrite = .now
    }
}

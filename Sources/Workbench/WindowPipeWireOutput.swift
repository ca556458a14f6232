import Capture
import GPU
import Headless
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// `--output pipewire:NAME`: the image the window shows, published as a PipeWire camera node at a steady 30
/// frames a second, the last image sent again while nothing changes. An image is prepared only for a
/// consumer, in the form its format needs: 4:2:0 as this renderer makes it faster (`YUVReadbacks`) for the
/// YCbCr formats, RGBA for RGBx and BGRx; with no consumer nothing is read back. The node is published at the
/// first image's size, and again when the size changes.
final class WindowPipeWireOutput: WindowCameraOutput {
    static let framesPerSecond = WindowVirtualCamera.framesPerSecond

    let name: String
    private var output: PipeWireOutput?
    private var readback: (any FrameReadback)?
    private var imageSize: PixelSize?
    /// The last frame prepared, in the form it was sent, to send again while nothing changes.
    private var last: Prepared?
    private var lastSend = ContinuousClock.now
    private var sequence = 0

    private enum Prepared {
        case planes(VideoFrame)
        case rgba([UInt8])

        func suits(_ format: PipeWireFormat) -> Bool {
            switch self {
            case .planes: format != .rgbx && format != .bgrx
            case .rgba: format == .rgbx || format == .bgrx
            }
        }
    }

    init(name: String) {
        self.name = name
    }

    var path: String? { output.map { "pipewire:\($0.name)" } }

    var timeUntilDue: Double {
        let remaining = lastSend + WindowVirtualCamera.interval - .now
        return max(0, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18)
    }

    func show(_ image: RenderTarget) throws {
        if image.size != imageSize {
            output = nil
            output = try PipeWireOutput(name: name, width: image.size.width, height: image.size.height, frameRate: (Self.framesPerSecond, 1))
            readback = try YUVReadbacks.make(imageSize: image.size, depth: 1, matrix: .bt601)
            imageSize = image.size
            last = nil
        }
        guard let output, let readback else { return }
        try checkDaemon(output)
        switch output.consumerFormat {
        case nil:
            last = nil
        case .rgbx?, .bgrx?:
            try send(.rgba(image.readPixels().pixels))
        case _?:
            sequence += 1
            if let frame = try readback.push(image, index: sequence) { try send(.planes(frame)) }
        }
    }

    func tick(shown: RenderTarget?) throws {
        guard let output, ContinuousClock.now >= lastSend + WindowVirtualCamera.interval else { return }
        try checkDaemon(output)
        let format = output.consumerFormat
        if let readback, let frame = try readback.drain().last {
            try send(.planes(frame))
        } else if let format, let shown, !(last?.suits(format) ?? false) {
            // A consumer came while the window was still, or asked for another kind of format: the image on
            // screen is prepared for it now.
            try show(shown)
            lastSend = .now
        } else if let last {
            try resend(last, to: output)
            lastSend = .now
        }
    }

    private func checkDaemon(_ output: PipeWireOutput) throws {
        if output.daemonGone { throw VirtualCameraError("PipeWire stopped, which ends the output pipewire:\(output.name)") }
    }

    private func send(_ prepared: Prepared) throws {
        guard let output else { return }
        try resend(prepared, to: output)
        if case .planes(let old)? = last, case .planes(let new) = prepared, old.bytes.count == new.bytes.count {
            readback?.recycle(old)
        }
        last = prepared
        lastSend = .now
    }

    private func resend(_ prepared: Prepared, to output: PipeWireOutput) throws {
        switch prepared {
        case .planes(let frame): try output.send(i420: frame)
        case .rgba(let pixels): try output.send(rgba: pixels)
        }
    }
}

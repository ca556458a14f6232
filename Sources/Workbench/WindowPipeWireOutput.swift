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
    /// Whether the window has shown a new image since the last one sent.
    private var changed = false

    private enum Prepared {
        case planes(VideoFrame)
        case rgba([UInt8])

        func suits(_ format: PipeWireFormat?) -> Bool {
            guard let format else { return true }
            return switch self {
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
        changed = true
        if timeUntilDue == 0 { try send(image) }
    }

    func tick(shown: RenderTarget?) throws {
        guard let output, timeUntilDue == 0 else { return }
        if let shown, changed || !(last?.suits(output.consumerFormat) ?? false) {
            try send(shown)
        } else if let last {
            try checkDaemon(output)
            try resend(last, to: output)
            advanceClock()
        } else {
            advanceClock()
        }
    }

    /// Prepares `image` for the consumer's format and sends it; with no consumer, nothing is done with it.
    /// Either way the next frame is due an interval later, so a still window waits between frames.
    private func send(_ image: RenderTarget) throws {
        guard let output, let readback else { return }
        try checkDaemon(output)
        advanceClock()
        let prepared: Prepared
        switch output.consumerFormat {
        case nil:
            last = nil
            return
        case .rgbx?, .bgrx?:
            // The last frame's storage, taken out of it so the read reuses it rather than copying it.
            var pixels: [UInt8] = []
            if case .rgba(let old)? = last { pixels = old }
            last = nil
            image.readPixels(into: &pixels)
            prepared = .rgba(pixels)
        case _?:
            sequence += 1
            // Read back at once: at the output's rate the wait is worth a frame that is the one on screen.
            var frames = try readback.drain()
            if let earlier = try readback.push(image, index: sequence) { frames.append(earlier) }
            frames += try readback.drain()
            guard let frame = frames.popLast() else { return }
            frames.forEach(readback.recycle)
            prepared = .planes(frame)
        }
        try resend(prepared, to: output)
        if case .planes(let old)? = last { readback.recycle(old) }
        last = prepared
        changed = false
    }

    /// Moves the clock on by one interval from when the frame was due, not from when it went, so the rate
    /// holds at 30 whatever the loop's wake-ups; a window that fell behind by more than a frame starts afresh.
    private func advanceClock() {
        let due = lastSend + WindowVirtualCamera.interval
        lastSend = ContinuousClock.now - due > WindowVirtualCamera.interval ? .now : due
    }

    private func checkDaemon(_ output: PipeWireOutput) throws {
        if output.daemonGone { throw VirtualCameraError("PipeWire stopped, which ends the output pipewire:\(output.name)") }
    }

    private func resend(_ prepared: Prepared, to output: PipeWireOutput) throws {
        switch prepared {
        case .planes(let frame): try output.send(i420: frame)
        case .rgba(let pixels): try output.send(rgba: pixels)
        }
    }
}

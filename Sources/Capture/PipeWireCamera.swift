import Foundation
import OperatingSystem
import PipeWireBridge
import VideoFrames

/// A PipeWire camera node streaming into the workbench. PipeWire's own thread hands each picture over; the
/// newest frame replaces any the render thread has not taken (counted as dropped), so nothing queues. A
/// thread of the session's own connects and, whenever the stream ends (the node goes away, the daemon stops
/// or restarts, nothing arrives for a while), says why in `status` and connects again by the node's name, so
/// the camera comes back by itself when its node does.
public final class PipeWireCamera: Sendable {
    /// What follows `pipewire:`: a node name, serial or id, or part of a description; empty for the first camera.
    public let node: String
    public let request: CaptureRequest
    /// The daemon's socket; nil for the session's own (as PIPEWIRE_REMOTE or XDG_RUNTIME_DIR say).
    public let remote: String?

    private struct Shared {
        var status = CameraStatus()
        /// Why the stream in use ended, once it has; the session thread then connects again.
        var ended: String?
        var lastFrameTime: Double?
        var stopping = false
        /// A picture copied as it came, waiting for the session thread to decode or convert it: that work is
        /// kept off PipeWire's thread, which holds the connection's lock while it runs.
        var pending: PendingPicture?
        /// Pictures a newer one replaced before they were converted.
        var pendingReplaced = 0
        var pendingSpare: [[UInt8]] = []
    }

    private struct PendingPicture {
        var format: PipeWireFormat
        var layout: FrameLayout
        var bytes: [UInt8]
        var sequence: UInt32
    }

    private let shared = Locked(Shared())
    private let frames = NewestFrame()
    private let changed = NSCondition()
    private let finished = DispatchSemaphore(value: 0)
    private let onFrame: @Sendable () -> Void
    private let toRGBA: (any RGBAFrameConversion)?

    /// How long streaming may go without a frame before it counts as stalled, and before it is connected again.
    static let stallAfter = 2.0
    static let reconnectAfterStall = 5.0
    static let reconnectInterval = 0.5

    /// Starts connecting at once; `onFrame` runs after each new frame (to wake a window), on PipeWire's thread
    /// or, for frames decoded or converted, the session's. With `toRGBA`, YCbCr frames are handed over as RGBA
    /// it converted them to on the session's thread.
    public init(node: String, request: CaptureRequest, remote: String? = nil, toRGBA: (any RGBAFrameConversion)? = nil,
                onFrame: @escaping @Sendable () -> Void = {}) {
        self.node = node
        self.remote = remote
        self.request = request
        self.toRGBA = toRGBA
        self.onFrame = onFrame
        shared.withLock { $0.status.device = node.isEmpty ? "pipewire" : "pipewire:\(node)" }
        let thread = Thread { [self] in
            sessionLoop()
            finished.signal()
        }
        thread.name = "shaderbench-pipewire"
        thread.start()
    }

    deinit {
        stop()
    }

    public var status: CameraStatus { shared.withLock { $0.status } }

    public func takeFrame() -> VideoFrame? { frames.take() }

    /// Like `takeFrame`, waiting up to `timeout` seconds; nil early once a camera that delivered is away.
    public func waitForFrame(timeout: Double) -> VideoFrame? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if let frame = frames.wait(timeout: min(0.05, max(0, deadline.timeIntervalSinceNow))) { return frame }
            let status = status
            switch status.state {
            case .connecting, .streaming, .noFrames: break
            default: if status.framesCaptured > 0 { return nil }
            }
            if stopping || Date() >= deadline { return nil }
        }
    }

    public func recycle(_ frame: VideoFrame) { frames.recycle(frame) }

    /// Stops the stream and its thread; waits until they have.
    public func stop() {
        let first = shared.withLock { shared in
            defer { shared.stopping = true }
            return !shared.stopping
        }
        guard first else { return }
        signal()
        frames.wake()
        finished.wait()
    }

    private var stopping: Bool { shared.withLock { $0.stopping } }

    private func update(_ change: (inout Shared) -> Void) {
        shared.withLock { change(&$0) }
    }

    private func signal() {
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    /// Waits up to `seconds` for the stream to end or the session to stop; true while it runs on.
    private func waitWhileStreaming(_ seconds: Double) -> Bool {
        changed.lock()
        defer { changed.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while shared.withLock({ $0.ended == nil && !$0.stopping && $0.pending == nil }) {
            if !changed.wait(until: deadline) { break }
        }
        return shared.withLock { $0.ended == nil && !$0.stopping }
    }

    /// Sleeps up to `seconds`, returning early when the session is stopping.
    private func pause(_ seconds: Double) {
        changed.lock()
        defer { changed.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !stopping, changed.wait(until: deadline) {}
    }

    // MARK: The session thread

    private func sessionLoop() {
        let decoder = MJPEGDecoder()
        while !stopping {
            if let capture = connect() {
                watch(decoder: decoder)
                capture.close()
            }
            pause(Self.reconnectInterval)
        }
    }

    /// Finds the node and connects a stream to it; nil (with the reason in `status`) when that cannot be done now.
    private func connect() -> OpenCapture? {
        let camera: PipeWireCameraDescription
        do throws(PipeWireDiscovery.Unavailable) {
            guard let found = PipeWireDiscovery.find(node, among: try PipeWireDiscovery.cameras(remote: remote)) else {
                // A node that went away is still said to have gone, rather than a second notice for one fault.
                update { shared in
                    if case .disconnected = shared.status.state { return }
                    shared.status.state = .disconnected(node.isEmpty ? "no PipeWire camera found" : "no PipeWire camera matches '\(node)'")
                }
                return nil
            }
            camera = found
        } catch {
            update { shared in
                if case .disconnected("PipeWire stopped") = shared.status.state { return }
                shared.status.state = .disconnected(error.description)
            }
            return nil
        }
        update {
            $0.status.device = "pipewire:\(camera.name)"
            $0.status.card = camera.description.isEmpty || camera.description == camera.name ? nil : camera.description
            $0.ended = nil
            $0.lastFrameTime = nil
        }
        let offered = request.format.flatMap(PipeWireFormat.init).map { [$0] } ?? PipeWireFormat.captureOrder
        let receiver = PictureReceiver(session: self)
        guard let capture = OpenCapture(remote: remote, serial: camera.serial, request: request, formats: offered, receiver: receiver) else {
            update { $0.status.state = .disconnected(PipeWireDiscovery.notRunning(errorNumber: receiver.openError, remote: remote)) }
            return nil
        }
        return capture
    }

    /// Watches a connected stream until it ends, stalls for good, or the session stops.
    private func watch(decoder: MJPEGDecoder?) {
        let connected = ProcessInfo.processInfo.systemUptime
        while waitWhileStreaming(0.2) {
            finishPending(decoder: decoder)
            let now = ProcessInfo.processInfo.systemUptime
            let silentFor = now - (shared.withLock { $0.lastFrameTime } ?? connected)
            if silentFor > Self.reconnectAfterStall {
                update { shared in
                    let why = shared.status.layout != nil ? "no frames for \(Int(Self.reconnectAfterStall)) s"
                        : "no format agreed in \(Int(Self.reconnectAfterStall)) s"
                    shared.ended = why
                    if case .disconnected = shared.status.state {} else { shared.status.state = .failed(why) }
                }
                break
            }
            if silentFor > Self.stallAfter {
                update { if $0.status.state == .streaming { $0.status.state = .noFrames } }
            }
        }
    }

    // MARK: PipeWire's thread

    fileprivate func streamEvent(_ event: Int32, message: String?) {
        update { shared in
            switch UInt32(event) {
            case SBPW_EVENT_STREAMING.rawValue:
                break
            case SBPW_EVENT_ENDED.rawValue:
                let why = message ?? "the stream ended"
                shared.ended = why
                shared.status.state = .disconnected(why)
            case SBPW_EVENT_DAEMON_GONE.rawValue:
                shared.ended = "PipeWire stopped"
                shared.status.state = .disconnected("PipeWire stopped")
            default:
                break
            }
        }
        signal()
    }

    /// Copies a picture out of PipeWire's buffer. One the GPU takes as it is goes out at once; one to decode or
    /// convert waits for the session thread, replacing any still waiting.
    fileprivate func deliver(_ picture: sbpw_picture) {
        guard let format = PipeWireFormat(bridge: picture.format) else { return }
        let needsWork = format == .mjpg || (toRGBA != nil && format.planeFormat.isYCbCr)
        var storage = needsWork ? (shared.withLock { $0.pendingSpare.popLast() } ?? []) : frames.takeStorage()
        guard let layout = copy(picture, format: format, into: &storage) else {
            update { $0.status.errors += 1 }
            if !needsWork { frames.giveBack(storage) }
            return
        }
        let sequence = UInt32(truncatingIfNeeded: picture.sequence)
        guard needsWork else {
            publish(VideoFrame(layout: layout, bytes: storage, sequence: sequence, timestamp: ProcessInfo.processInfo.systemUptime), from: format)
            return
        }
        update { shared in
            if let replaced = shared.pending {
                shared.pendingReplaced += 1
                if shared.pendingSpare.count < NewestFrame.spareLimit { shared.pendingSpare.append(replaced.bytes) }
            }
            shared.pending = PendingPicture(format: format, layout: layout, bytes: storage, sequence: sequence)
        }
        signal()
    }

    /// Decodes or converts the picture waiting, if any, on the session thread.
    private func finishPending(decoder: MJPEGDecoder?) {
        guard let pending = shared.withLock({ shared -> PendingPicture? in
            defer { shared.pending = nil }
            return shared.pending
        }) else { return }
        var storage = frames.takeStorage()
        var layout: FrameLayout? = pending.layout
        if pending.format == .mjpg {
            let decoded = pending.bytes.withUnsafeBytes {
                decoder?.decode($0, width: pending.layout.width, height: pending.layout.height, into: &storage) == true
            }
            if !decoded { layout = nil }
        } else if let toRGBA {
            layout = pending.bytes.withUnsafeBytes { toRGBA.convert($0, layout: pending.layout, into: &storage) }
        }
        update { shared in
            if shared.pendingSpare.count < NewestFrame.spareLimit { shared.pendingSpare.append(pending.bytes) }
            if layout == nil { shared.status.errors += 1 }
        }
        guard let layout else {
            frames.giveBack(storage)
            return
        }
        publish(VideoFrame(layout: layout, bytes: storage, sequence: pending.sequence, timestamp: ProcessInfo.processInfo.systemUptime),
                from: pending.format)
    }

    private func publish(_ frame: VideoFrame, from format: PipeWireFormat) {
        let replaced = shared.withLock { shared in
            defer { shared.pendingReplaced = 0 }
            return shared.pendingReplaced
        }
        frames.publish(frame, missed: replaced)
        let cameraFormat = CameraFormat(format: frame.layout, from: format)
        let counts = frames.counts
        update { shared in
            shared.lastFrameTime = frame.timestamp
            shared.status.layout = cameraFormat
            shared.status.framesCaptured = counts.delivered
            shared.status.framesDropped = counts.dropped
            if shared.ended == nil { shared.status.state = .streaming }
        }
        onFrame()
    }

    /// The picture's bytes into `storage` as a layout the GPU takes: a block as it came, several blocks (planes
    /// sent apart) one after another; an MJPG frame's compressed bytes, with the layout it decodes to. Nil for
    /// a picture shorter than its format needs.
    private func copy(_ picture: sbpw_picture, format: PipeWireFormat, into storage: inout [UInt8]) -> FrameLayout? {
        let width = Int(picture.width), height = Int(picture.height)
        guard width > 0, height > 0 else { return nil }
        var picture = picture
        let blocks: [UnsafeRawBufferPointer] = withUnsafeBytes(of: &picture.blocks) { pointers in
            let starts = pointers.bindMemory(to: UnsafePointer<UInt8>?.self)
            return (0..<Int(picture.block_count)).map { index in
                let size = withUnsafeBytes(of: picture.block_sizes) { $0.bindMemory(to: UInt32.self)[index] }
                return UnsafeRawBufferPointer(start: starts[index], count: Int(size))
            }
        }
        let strides = withUnsafeBytes(of: picture.block_strides) { Array($0.bindMemory(to: Int32.self)) }
        let encoding = Self.encoding(matrix: picture.color_matrix, range: picture.color_range, format: format, height: height)
        if format == .mjpg {
            guard let jpeg = blocks.first, !jpeg.isEmpty else { return nil }
            storage.removeAll(keepingCapacity: true)
            storage.append(contentsOf: jpeg)
            return FrameLayout(contiguous: .rgba, width: width, height: height, bytesPerRow: width * 4, encoding: encoding)
        }
        let planeFormat = format.planeFormat
        let firstStride = strides[0] > 0 ? Int(strides[0]) : format.defaultBytesPerRow(width: width)
        var layout = FrameLayout(contiguous: planeFormat, width: width, height: height, bytesPerRow: firstStride, encoding: encoding,
                                 rgbRange: planeFormat.isYCbCr ? .full : encoding.range)
        storage.removeAll(keepingCapacity: true)
        if blocks.count == 1 || blocks.count < planeFormat.planeCount {
            guard let block = blocks.first, block.count >= layout.byteCount else { return nil }
            storage.append(contentsOf: block.prefix(layout.byteCount))
            return layout
        }
        // One block a plane, each with its own stride.
        var planes: [FrameLayout.Plane] = []
        for (index, block) in blocks.prefix(planeFormat.planeCount).enumerated() {
            let expected = layout.planes[index]
            let bytesPerRow = strides[index] > 0 ? Int(strides[index]) : expected.bytesPerRow
            planes.append(FrameLayout.Plane(offset: storage.count, bytesPerRow: bytesPerRow))
            storage.append(contentsOf: block)
        }
        layout.planes = planes
        layout.byteCount = storage.count
        return layout
    }

    /// The encoding a picture's format says, else what PipeWire's senders use by default: BT.601 below HD and
    /// BT.709 from 720 lines (GStreamer's defaults), limited range for YCbCr, full for RGB.
    static func encoding(matrix: UInt32, range: UInt32, format: PipeWireFormat, height: Int) -> ColorEncoding {
        let isYCbCr = format.planeFormat.isYCbCr
        let chosenMatrix: ColorEncoding.Matrix = switch matrix {
        case 1: .bt601
        case 2: .bt709
        case 3: .bt2020
        case 4: .smpte240m
        default: height >= 720 ? .bt709 : .bt601
        }
        let chosenRange: ColorEncoding.Range = switch range {
        case 1: .full
        case 2: .limited
        default: isYCbCr ? .limited : .full
        }
        return ColorEncoding(matrix: chosenMatrix, range: format == .mjpg ? .full : chosenRange)
    }
}

extension CameraFormat {
    /// What a PipeWire camera delivers, as the status and the heads-up display describe it.
    init(format layout: FrameLayout, from format: PipeWireFormat) {
        let cameraFormat: CameraPixelFormat = switch format {
        case .yuy2: .yuyv
        case .uyvy: .uyvy
        case .nv12: .nv12
        case .i420: .yu12
        case .yv12: .yv12
        case .rgb: .rgb24
        case .bgr: .bgr24
        case .rgbx, .bgrx, .rgba, .bgra: .rgb24
        case .mjpg: .mjpeg
        }
        self.init(format: cameraFormat, width: layout.width, height: layout.height,
                  bytesPerLine: layout.planes.first?.bytesPerRow ?? 0, byteCount: layout.byteCount, encoding: layout.encoding)
        formatName = format.description
    }
}

/// The context PipeWire's callbacks get: the session they deliver to, kept alive while the stream is open.
private final class PictureReceiver: @unchecked Sendable {
    unowned let session: PipeWireCamera
    var openError: Int32 = 0

    init(session: PipeWireCamera) {
        self.session = session
    }
}

/// One connected capture stream; closing it waits for PipeWire's thread to let go.
private final class OpenCapture {
    private let capture: OpaquePointer
    private let context: Unmanaged<PictureReceiver>

    init?(remote: String?, serial: UInt64, request: CaptureRequest, formats: [PipeWireFormat], receiver: PictureReceiver) {
        let retained = Unmanaged.passRetained(receiver)
        var error: Int32 = 0
        let values = formats.map(\.bridgeValue)
        let opened = values.withUnsafeBufferPointer { values in
            sbpw_capture_open(remote, serial, "shaderbench", UInt32(request.width), UInt32(request.height), UInt32(max(1, request.frameRate.rounded())),
                              values.baseAddress, UInt32(values.count),
                              { context, picture in
                                  guard let context, let picture else { return }
                                  let receiver = Unmanaged<PictureReceiver>.fromOpaque(context).takeUnretainedValue()
                                  receiver.session.deliver(picture.pointee)
                              },
                              { context, event, message in
                                  guard let context else { return }
                                  let receiver = Unmanaged<PictureReceiver>.fromOpaque(context).takeUnretainedValue()
                                  receiver.session.streamEvent(event, message: message.map { String(cString: $0) })
                              },
                              retained.toOpaque(), &error)
        }
        guard let opened else {
            receiver.openError = -error
            retained.release()
            return nil
        }
        capture = opened
        context = retained
    }

    func close() {
        sbpw_capture_close(capture)
        context.release()
    }
}

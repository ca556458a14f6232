import Foundation
import OperatingSystem
import ShaderGraph
import VideoFrames
#if canImport(Glibc)
import Glibc
#endif

/// A camera streaming on a thread of its own. Rendering never waits for it: the newest frame replaces any
/// the render thread has not taken yet (counted as dropped), and memory stays bounded by a few frames.
/// Every fault is a state, never a crash: a busy, refusing, stalled or unplugged device is reported in
/// `status` while the session keeps trying, and streaming resumes by itself when the device is back.
public final class CameraSession: Sendable {
    public let selector: CameraSelector
    public let request: CaptureRequest

    private struct Shared {
        var status = CameraStatus()
        var latest: VideoFrame?
        /// Storage the render thread gave back, reused for the next frames.
        var spare: [[UInt8]] = []
        var stopping = false
    }

    private let shared = Locked(Shared())
    private let frameArrived = NSCondition()
    /// A pipe `stop()` writes to, so the capture thread's poll returns at once.
    private let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let onFrame: @Sendable () -> Void
    /// Converts each YCbCr frame to RGBA on the capture thread, where the CPU is the place to (a software GPU).
    private let toRGBA: (any RGBAFrameConversion)?

    /// How long streaming may go without a frame before it counts as stalled.
    static let stallAfter = 2.0
    static let reconnectInterval = 0.5

    /// Starts capturing at once; `onFrame` runs on the capture thread after each new frame (to wake a window).
    /// With `toRGBA`, frames are handed over as RGBA it converted them to there, straight from the device's buffer.
    public init(selector: CameraSelector, request: CaptureRequest, toRGBA: (any RGBAFrameConversion)? = nil,
                onFrame: @escaping @Sendable () -> Void = {}) {
        self.selector = selector
        self.request = request
        self.toRGBA = toRGBA
        self.onFrame = onFrame
        var pipeEnds: [Int32] = [-1, -1]
        _ = pipe(&pipeEnds)
        wakeDescriptor = pipeEnds[0]
        wakeWriter = pipeEnds[1]
        let thread = Thread { [self] in
            captureLoop()
            finished.signal()
        }
        thread.name = "shaderbench-camera"
        thread.start()
    }

    deinit {
        stop()
        close(wakeDescriptor)
        close(wakeWriter)
    }

    public var status: CameraStatus { shared.withLock { $0.status } }

    /// The newest frame not taken yet, if any. Give it back with `recycle` once uploaded.
    public func takeFrame() -> VideoFrame? {
        shared.withLock { shared in
            defer { shared.latest = nil }
            return shared.latest
        }
    }

    /// Like `takeFrame`, but waits up to `timeout` seconds for one (for renders, which use every frame).
    /// Returns nil early when an `auto` camera finds no device (the pattern stands in), or once a device that
    /// delivered is away, busy or refusing (the last frame stands in). Before a first frame, the session's
    /// retries get the whole time.
    public func waitForFrame(timeout: Double) -> VideoFrame? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        frameArrived.lock()
        defer { frameArrived.unlock() }
        while true {
            if let frame = takeFrame() { return frame }
            let status = status
            switch status.state {
            case .connecting, .streaming, .noFrames: break
            case .disconnected where selector == .auto && status.framesCaptured == 0: return nil
            default: if status.framesCaptured > 0 { return nil }
            }
            guard Date() < deadline else { return nil }
            _ = frameArrived.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.05)))
        }
    }

    public func recycle(_ frame: VideoFrame) {
        shared.withLock { shared in
            if shared.spare.count < 3 { shared.spare.append(frame.bytes) }
        }
    }

    /// Stops the thread and releases the device; waits until it has.
    public func stop() {
        let first = shared.withLock { shared in
            defer { shared.stopping = true }
            return !shared.stopping
        }
        guard first else { return }
        var one: UInt8 = 1
        _ = write(wakeWriter, &one, 1)
        finished.wait()
    }

    private var stopping: Bool { shared.withLock { $0.stopping } }

    private func update(_ change: (inout CameraStatus) -> Void) {
        shared.withLock { change(&$0.status) }
    }

    /// Sleeps up to `seconds`, returning early (false) when the session is stopping.
    private func pause(_ seconds: Double) -> Bool {
        var descriptor = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(seconds * 1000))
        return !stopping
    }

    // MARK: The capture thread

    private func captureLoop() {
        let decoder = MJPEGDecoder()
        while !stopping {
            guard let device = connect() else {
                if !pause(Self.reconnectInterval) { break }
                continue
            }
            stream(device, decoder: decoder)
            // The device is released here (unmapped and closed) before the next attempt.
        }
    }

    /// Finds, opens and starts the device; nil (with the reason in `status`) when that cannot be done now.
    private func connect() -> V4L2Device? {
        guard let description = DeviceDiscovery.find(selector) else {
            update { $0.state = .disconnected(selector == .auto ? "no camera found" : "no device matches \(selector)") }
            return nil
        }
        update {
            $0.device = description.path
            $0.card = description.card.isEmpty ? nil : description.card
        }
        guard !description.isBusy else {
            update { $0.state = .busy }
            return nil
        }
        let candidates = FormatChoice.ranked(from: description.formats, for: request)
        let conversion: V4L2Device.Conversion = candidates.first?.isEmulated == true ? .libv4l2 : .none
        let device: V4L2Device
        do throws(CaptureError) {
            device = try V4L2Device(path: description.path, conversion: conversion)
        } catch {
            report(error)
            return nil
        }
        var layout: CameraFormat
        do throws(FormatNegotiation.Failure) {
            layout = try FormatNegotiation.negotiate(candidates, insisting: request.format, with: device)
        } catch {
            switch error {
            case .device(let error):
                report(error)
            case .refused(let reason) where candidates.isEmpty:
                let offered = description.formats.map { CameraPixelFormat.name(of: $0.fourcc) }.joined(separator: ", ")
                let missing = request.format.map { "it does not offer \($0.rawValue)" } ?? "it offers no format the workbench takes"
                update { $0.state = .failed("\(missing) (it offers \(offered)), and \(reason)") }
            case .refused(let reason):
                update { $0.state = .failed(reason) }
            }
            return nil
        }
        if conversion == .libv4l2, let own = try? device.ownFormat() {
            layout = Libv4l2Conversion.format(layout, madeFrom: own)
        }
        do throws(CaptureError) {
            device.setFrameRate(request.frameRate)
            try device.startStreaming(bufferCount: 4)
        } catch {
            report(error)
            return nil
        }
        update {
            $0.layout = layout
            // A reconnection keeps saying what went wrong until a frame shows the device delivers
            // again: a device that fails again at once must not flicker its warning away unseen.
            if $0.state == .connecting { $0.state = .streaming }
        }
        return device
    }

    /// Puts a failed call on the device into `status`: busy, gone or refusing.
    private func report(_ error: CaptureError) {
        update {
            $0.state = error.deviceIsBusy ? .busy
                : error.deviceIsGone ? .disconnected(error.description) : .failed(error.description)
        }
    }

    private func stream(_ device: V4L2Device, decoder: MJPEGDecoder?) {
        var descriptors = [pollfd(fd: device.descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        var lastFrameTime = ProcessInfo.processInfo.systemUptime
        var lastSequence: UInt32?
        var fruitlessWakeups = 0
        var consecutiveErrors = 0
        while !stopping {
            descriptors[0].revents = 0
            guard let ready = try? SystemCall.perform("poll", { poll(&descriptors, 2, 200) }) else { return }
            if ProcessInfo.processInfo.systemUptime - lastFrameTime > Self.stallAfter {
                update { if $0.state == .streaming { $0.state = .noFrames } }
            }
            guard ready > 0, descriptors[0].revents != 0 else { continue }
            let dequeued: V4L2Device.DequeuedBuffer?
            do throws(CaptureError) {
                dequeued = try device.dequeue()
            } catch {
                update { $0.errors += 1 }
                if error.deviceIsGone {
                    update { $0.state = .disconnected(error.description) }
                    return
                }
                // EIO and the like are transient on real hardware; reopen only when they persist.
                consecutiveErrors += 1
                if consecutiveErrors > 50 {
                    update { $0.state = .failed(error.description) }
                    return
                }
                if !pause(0.01) { return }
                continue
            }
            guard let buffer = dequeued else {
                // Readable but nothing to dequeue: back off so a storm of these cannot spin a core.
                fruitlessWakeups += 1
                update { $0.errors += 1 }
                if fruitlessWakeups > 2, !pause(min(0.001 * Double(fruitlessWakeups), 0.02)) { return }
                continue
            }
            fruitlessWakeups = 0
            consecutiveErrors = 0
            lastFrameTime = ProcessInfo.processInfo.systemUptime
            let missed = lastSequence.map { Int(buffer.sequence &- $0) - 1 } ?? 0
            lastSequence = buffer.sequence
            publish(buffer, missed: max(0, missed), decoder: decoder)
            do throws(CaptureError) {
                try device.requeue(buffer)
            } catch {
                update {
                    $0.errors += 1
                    $0.state = error.deviceIsGone ? .disconnected(error.description) : .failed(error.description)
                }
                return
            }
        }
    }

    private func publish(_ buffer: V4L2Device.DequeuedBuffer, missed: Int, decoder: MJPEGDecoder?) {
        guard let layout = status.layout else { return }
        var storage = shared.withLock { $0.spare.popLast() } ?? []
        var frameLayout = layout.frameLayout
        if layout.format == .mjpeg {
            guard let decoder, decoder.decode(buffer.bytes, width: layout.width, height: layout.height, into: &storage) else {
                update { $0.errors += 1 }
                return
            }
        } else if let toRGBA, let converted = toRGBA.convert(buffer.bytes, layout: frameLayout, into: &storage) {
            frameLayout = converted
        } else {
            storage.removeAll(keepingCapacity: true)
            storage.append(contentsOf: buffer.bytes)
        }
        let frame = VideoFrame(layout: frameLayout, bytes: storage, sequence: buffer.sequence, timestamp: buffer.timestamp)
        shared.withLock { shared in
            if let replaced = shared.latest {
                shared.status.framesDropped += 1
                if shared.spare.count < 3 { shared.spare.append(replaced.bytes) }
            }
            shared.latest = frame
            shared.status.framesCaptured += 1
            shared.status.framesDropped += missed
            shared.status.state = .streaming
        }
        frameArrived.lock()
        frameArrived.broadcast()
        frameArrived.unlock()
        onFrame()
    }
}

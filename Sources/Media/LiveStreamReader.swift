import Foundation
import OperatingSystem
import VideoFrames

/// A network stream (`srt://`, `udp://`, `rtsp://`, `http://` …) as a live frame source. A thread of its own
/// ("shaderbench-stream") connects, decodes every picture as it arrives and keeps only the newest for the
/// render thread, so a slow reader drops frames instead of queueing them, and latency does not grow. When
/// the stream fails or goes quiet, the last frame stays on show with a notice while the thread connects
/// again, as a camera that is unplugged does.
public final class LiveStreamReader: FrameSource {
    public let url: String
    private let interruption = StreamInterruption()
    private let newest = NewestFrame()
    private let status = Locked(LiveStreamStatus())
    private let threadEnded = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)

    static let threadName = "shaderbench-stream"

    /// Starts connecting at once; frames are converted to RGBA on the stream's thread when `conversionSite`
    /// is the CPU. `onFrame` runs on that thread after each new frame and each change of state (to wake a window).
    public init(url: String, conversionSite: FrameConversionSite = .gpu, onFrame: @escaping @Sendable () -> Void = {}) {
        self.url = url
        let loop = LiveStreamLoop(url: url, options: Self.options(for: url), conversionSite: conversionSite,
                                  interruption: interruption, newest: newest, status: status, onFrame: onFrame)
        let threadEnded = threadEnded
        let thread = Thread {
            ThreadName.setCurrent(Self.threadName)
            loop.run()
            threadEnded.signal()
        }
        thread.name = Self.threadName
        thread.start()
    }

    deinit {
        stop()
    }

    /// What the protocol is opened with where the URL does not say: a UDP socket whose overflow drops old
    /// packets instead of failing (the newest frame wins), and RTSP over TCP, which passes firewalls and loses
    /// nothing on a busy machine. The stream is probed as long as FFmpeg's default allows (5 s), since a
    /// picture's size comes with its keyframe, which a stream may send only every few seconds; the packets read
    /// meanwhile are kept, not dropped as `fflags=nobuffer` would: they decode faster than they came, and the
    /// newest is soon on show.
    static func options(for url: String) -> [(name: String, value: String)] {
        var options: [(name: String, value: String)] = []
        let scheme = StreamURL.scheme(of: url) ?? ""
        if ["udp", "rtp"].contains(scheme), !url.contains("overrun_nonfatal=") { options.append(("overrun_nonfatal", "1")) }
        if ["rtsp", "rtsps"].contains(scheme) { options.append(("rtsp_transport", "tcp")) }
        return options
    }

    /// Waits up to `timeout` seconds for the first frame; whether one came.
    public func waitUntilStreaming(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while status.withLock({ $0.framesReceived == 0 }) {
            guard Date() < deadline, !interruption.isStopping else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    /// The newest frame not taken yet, whatever the time. With `wait` (renders), waits that long for one; a
    /// stream that has never delivered is then an error naming it and why.
    public func frame(at seconds: Double, wait: Double?) throws(FrameSourceError) -> VideoFrame? {
        guard let wait else { return newest.take() }
        if let frame = newest.wait(timeout: wait) { return frame }
        let current = status.withLock { $0 }
        if current.framesReceived == 0 {
            throw FrameSourceError("\(url): no frame arrived in \(PlaybackEnding.format(wait)) s: \(current.reason ?? "is the sender running?")")
        }
        return nil
    }

    public func recycle(_ frame: VideoFrame) {
        newest.recycle(frame)
    }

    public var frameSize: (width: Int, height: Int)? { status.withLock { $0.size } }
    public var duration: Double? { nil }
    public var framesDropped: Int { newest.counts.dropped }
    public var isPresent: Bool { status.withLock { $0.phase == .streaming } }
    public var delivery: String? { status.withLock { $0.delivery } }

    /// Why the last connection failed, while it is not streaming.
    public var failure: String? { status.withLock { $0.phase == .streaming ? nil : $0.reason } }

    public var notice: String? {
        let current = status.withLock { $0 }
        switch current.phase {
        case .streaming: return nil
        case .connecting:
            guard let reason = current.reason else { return "\(url): connecting" }
            return "\(url): waiting for the stream (\(reason)); connecting again"
        case .lost: return "\(url): the stream stopped (\(current.reason ?? "nothing arrived")); holding its last frame, connecting again"
        }
    }

    /// Ends the thread, cutting short any wait on the network, and waits until it has let the stream go. A
    /// host name being resolved does not ask the interrupt callback (the resolver blocks on its own
    /// timeouts), so the wait gives up after `stopWait`: the thread then ends by itself once the resolver
    /// returns, touching nothing but what it shares with this reader. Safe to call more than once.
    public func stop() {
        let isFirst = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard isFirst else { return }
        interruption.stop()
        _ = threadEnded.wait(timeout: .now() + Self.stopWait)
    }

    static let stopWait = 2.0
}

import CFFmpeg
import Foundation
import OperatingSystem

/// Ends FFmpeg's blocking network calls from outside: libavformat asks its interrupt callback while it waits
/// on a socket, and gives up with `AVERROR_EXIT` once this says so. A stream read is cut short this way when
/// its reader stops, and when nothing has arrived for a while (a sender gone quiet, a listener nobody calls),
/// which a protocol's own timeouts do not cover alike for UDP, SRT, RTSP and HTTP; a stream sent, when the
/// window stops it before its receiver has answered (an unreachable host keeps TCP trying for minutes).
final class StreamInterruption: Sendable {
    private struct State {
        var stopping = false
        /// Past this moment a blocking call is given up; nil while nothing is waited for.
        var deadline: Date?
        var timedOut = false
        /// A stream being sent: whether it has connected, after which it is never given up, so that its last
        /// frames go out; and whether its connecting was given up.
        var connected = false
        var abandoned = false
    }

    private let state = Locked(State())

    /// What a format context is given, pointing back at this object, which must outlive the context.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<StreamInterruption>.fromOpaque(opaque).takeUnretainedValue().shouldInterrupt ? 1 : 0
        }, opaque: Unmanaged.passUnretained(self).toOpaque())
    }

    private var shouldInterrupt: Bool {
        state.withLock { state in
            if state.stopping || (state.abandoned && !state.connected) { return true }
            guard let deadline = state.deadline, Date() >= deadline else { return false }
            state.timedOut = true
            return true
        }
    }

    /// Gives the calls from now on `seconds` to get somewhere before they are given up.
    func allow(_ seconds: Double) {
        state.withLock {
            $0.deadline = Date(timeIntervalSinceNow: seconds)
            $0.timedOut = false
        }
    }

    /// Whether the last call given up was given up for its time running out.
    var timedOut: Bool { state.withLock { $0.timedOut } }

    /// Runs `connect` (opening a stream to send and writing its header), which `abandonConnecting` can cut
    /// short until it returns.
    func connecting<Failure: Error>(_ connect: () throws(Failure) -> Void) throws(Failure) {
        defer { state.withLock { $0.connected = true } }
        try connect()
    }

    /// Gives up a stream that is still connecting, or has not begun to; one that has connected goes on to
    /// its end.
    func abandonConnecting() {
        state.withLock { state in
            if !state.connected { state.abandoned = true }
        }
    }

    /// Whether `abandonConnecting` gave connecting up.
    var isAbandoning: Bool { state.withLock { $0.abandoned } }

    /// Gives up every call from now on, for good.
    func stop() {
        state.withLock { $0.stopping = true }
    }

    var isStopping: Bool { state.withLock { $0.stopping } }
}

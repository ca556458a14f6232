import CALSA
import Foundation
import OperatingSystem
#if canImport(Glibc)
import Glibc
#endif

/// The workbench as an ALSA sequencer client named "Shaderbench" with one input port that any controller or
/// program can connect to (`aconnect`), read on a thread of its own that hands each channel message to
/// `onEvent` and never blocks whoever owns GL.
///
/// Given a source (`CLIENT:PORT`, by number or name), it connects it. A sequencer that cannot be opened, or a
/// source that is not there or goes away (a controller unplugged), is a state, never an end: the thread tries
/// again when the sequencer announces a new port, and every few seconds, as sound capture retries its device;
/// a source that was there is looked for by its client's name, since a replugged device may get another
/// number.
public final class SequencerClient: @unchecked Sendable {
    public static let clientName = "Shaderbench"
    /// How long the thread waits before trying a sequencer that could not be opened again.
    static let retryInterval: Int32 = 2000

    private struct State {
        var stopping = false
        var problem: MIDIError?
        /// Where others connect: "CLIENT:PORT" of the workbench's own port, once the sequencer is open.
        var ownAddress: String?
        /// The source connected now.
        var connected: String?
        /// The source was connected and went away: that is what `problem` says until it is back.
        var lost = false
    }

    /// What was asked for, as given.
    public let source: String?
    private let state = Locked(State())
    private let onEvent: @Sendable (MIDIEvent) -> Void
    /// Written by `stop()` to end the thread's wait at once.
    private let stopPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread and returns once its first attempt settled, so `problem` already says whether the
    /// sequencer opened and the source connected.
    public init(source: String?, onEvent: @escaping @Sendable (MIDIEvent) -> Void) {
        self.source = source
        self.onEvent = onEvent
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        stopPipe = (ends[0], ends[1])
        let settled = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            run(firstAttemptSettled: settled)
            finished.signal()
        }
        thread.name = "shaderbench-midi"
        thread.start()
        settled.wait()
    }

    deinit {
        stop()
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Why MIDI is not coming in from the source now; nil while it is (or while the port waits for anyone).
    public var problem: MIDIError? { state.withLock { $0.problem } }
    /// The workbench's own port as `CLIENT:PORT`, for `aconnect`; nil while the sequencer is not open.
    public var ownAddress: String? { state.withLock { $0.ownAddress } }
    /// The source connected now, as `CLIENT:PORT` numbers.
    public var connected: String? { state.withLock { $0.connected } }

    /// Ends the thread, closing the sequencer; waits for it.
    public func stop() {
        let first = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        finished.wait()
    }

    private var stopping: Bool { state.withLock { $0.stopping } }

    private func run(firstAttemptSettled: DispatchSemaphore) {
        var settle: (() -> Void)? = { firstAttemptSettled.signal() }
        defer { settle?() }
        let functions: SequencerFunctions
        do throws(MIDIError) {
            functions = try SequencerFunctions.get()
        } catch {
            state.withLock { $0.problem = error }
            return
        }
        while !stopping {
            do throws(MIDIError) {
                let session = try SequencerSession(functions: functions)
                defer { session.close() }
                state.withLock { $0.ownAddress = "\(session.clientID):\(session.port)"; $0.problem = nil }
                var wanted = source
                connect(&wanted, session: session)
                settle?()
                settle = nil
                listen(session, wanted: &wanted)
                state.withLock { $0.ownAddress = nil; $0.connected = nil }
            } catch {
                state.withLock { $0.problem = error }
                settle?()
                settle = nil
                wait(milliseconds: Self.retryInterval, for: [])
            }
        }
    }

    /// Connects `wanted` if it is not connected yet; on success `wanted` becomes its client's name and port,
    /// so the same device is found again under another number.
    private func connect(_ wanted: inout String?, session: SequencerSession) {
        guard let asked = wanted, state.withLock({ $0.connected == nil }) else { return }
        switch session.connect(from: asked) {
        case .success(let connection):
            wanted = connection.byName
            state.withLock { $0.connected = connection.address; $0.problem = nil; $0.lost = false }
        case .failure(let error):
            state.withLock { state in
                if !state.lost { state.problem = error }
            }
        }
    }

    /// Hands on events until `stop()` or the sequencer fails; port news reconnects the source.
    private func listen(_ session: SequencerSession, wanted: inout String?) {
        while !stopping {
            guard wait(milliseconds: Self.retryInterval, for: session.descriptors) else {
                connect(&wanted, session: session)
                continue
            }
            while let event = session.nextEvent() {
                switch event {
                case .midi(let midi):
                    onEvent(midi)
                case .portAppeared:
                    connect(&wanted, session: session)
                case .portWent(let address):
                    state.withLock { state in
                        guard state.connected == address else { return }
                        state.connected = nil
                        state.lost = true
                        state.problem = MIDIError("MIDI source \(source ?? address) went away; it is connected again when it comes back")
                    }
                }
            }
            if session.failed { return }
        }
    }

    /// Waits for input on `descriptors` or for `stop()`; true when input is there.
    @discardableResult
    private func wait(milliseconds: Int32, for descriptors: [pollfd]) -> Bool {
        var all = descriptors + [pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&all, nfds_t(all.count), milliseconds)
        guard ready > 0 else { return false }
        return all.dropLast().contains { $0.revents != 0 }
    }
}

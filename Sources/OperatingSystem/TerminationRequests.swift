import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP as requests to end, not as the end: a program with work to keep (a recording to
/// finish, tuned values to report) is told, on a thread of this type's own, and ends in its own time.
///
/// A handler may run on any thread and may only do what is async-signal-safe, so it writes one byte to a pipe;
/// the thread here reads it and calls `onRequest`. A second signal of the same kind after the first ends the
/// process at once, as the default would have, so a program stuck on its way out can still be stopped.
public final class TerminationRequests: Sendable {
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The pipe's write end, for the handler: a C function pointer captures nothing, so it is a global.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private let received = Locked<Int32?>(nil)

    /// Installs the handlers; `onRequest` runs on the watching thread with the signal's number, once.
    public init(onRequest: @escaping @Sendable (Int32) -> Void) throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        try SystemCall.perform("pipe") { pipe(&ends) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        Self.writeEnd = ends[1]
        let readEnd = ends[0]
        for number in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if TerminationRequests.writeEnd < 0 { _exit(128 + number) }
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(TerminationRequests.writeEnd, &byte, 1)
                // The next one of this kind is not asked twice: it ends the process.
                signal(number, SIG_DFL)
            }
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            try SystemCall.perform("sigaction") { sigaction(number, &action, nil) }
        }
        // A parent may start the program with these blocked (the mask survives exec): a blocked signal would wait
        // for ever instead of asking.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in Self.signals { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        let received = self.received
        let thread = Thread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            received.withLock { $0 = Int32(byte) }
            onRequest(Int32(byte))
        }
        thread.name = "termination-requests"
        thread.start()
    }

    /// The signal that asked the program to end, if one did.
    public var request: Int32? { received.withLock { $0 } }

    /// A signal's name as a person knows it.
    public static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}

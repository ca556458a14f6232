#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization

/// Wakes the main loop when the file watcher has events, so an idle window can sleep in
/// `glfwWaitEvents` instead of polling. After each wake it waits until the loop has read the events, so it
/// never spins on a descriptor that is still readable.
final class FileWakeup {
    private final class Handshake: Sendable {
        let drained = DispatchSemaphore(value: 0)
        let awaitingDrain = Mutex(false)
    }

    private let handshake = Handshake()
    private let stopWrite: Int32

    init(descriptor: Int32, wake: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        _ = Glibc.pipe(&ends)
        let stopRead = ends[0]
        stopWrite = ends[1]
        let handshake = handshake
        let thread = Thread {
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
            while true {
                descriptors[0].revents = 0
                descriptors[1].revents = 0
                let ready = poll(&descriptors, 2, -1)
                if ready < 0 && errno == EINTR { continue }
                if ready < 0 || descriptors[1].revents != 0 { break }
                handshake.awaitingDrain.withLock { $0 = true }
                wake()
                handshake.drained.wait()
            }
            close(stopRead)
        }
        thread.name = "shaderbench-file-wakeup"
        thread.start()
    }

    /// The loop has read the watcher's events; the descriptor is watched again. A call with no wake
    /// outstanding does nothing.
    func acknowledge() {
        let outstanding = handshake.awaitingDrain.withLock { value in
            defer { value = false }
            return value
        }
        if outstanding { handshake.drained.signal() }
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stopWrite, &byte, 1)
        acknowledge()
        close(stopWrite)
    }
}

import Foundation
import Glibc
import OperatingSystem
import Synchronization
import Testing
import TestSupport

@Suite("SystemCall: every system call retried on EINTR, its errno thrown as a SystemError")
struct SystemCallTests {
    @Test("a read that a signal interrupts is made again and returns the data instead of EINTR")
    func interruptedReadIsRetried() throws {
        let signal = try SignalWithoutRestart(SIGUSR1)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let reader = BlockingRead(from: ends[0], interruptedBy: signal.number)
        // Interrupt the reader while it waits in read(2), where without SA_RESTART a signal makes read return
        // EINTR, until it has been made a second time (or retrying is evidently broken).
        let deadline = ContinuousClock.now + .seconds(5)
        while reader.attempts < 2 && !reader.hasReturned && ContinuousClock.now < deadline {
            pthread_kill(reader.thread, signal.number)
            Thread.sleep(forTimeInterval: 0.01)
        }
        let sent = Array("frame".utf8)
        #expect(sent.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == sent.count)

        let outcome = try #require(reader.outcome(within: 5), "the read never returned")
        #expect(outcome == .success(sent))
        #expect(reader.attempts > 1, "no signal interrupted the read, so nothing was retried")
    }

    @Test("a failed call throws a SystemError naming the operation, the path and the errno")
    func failureIsTyped() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("absent.txt")
        let error = try #require(throws: SystemError.self) {
            try SystemCall.perform("open", path: path) { open(path, O_RDONLY) }
        }
        #expect(error == SystemError(operation: "open", path: path, code: ENOENT))
        #expect(error.description == "\(path): cannot open: No such file or directory")
        #expect(error.message == "cannot open: No such file or directory")
    }

    @Test("a call that succeeds is made once and returns its result")
    func successIsMadeOnce() throws {
        var calls = 0
        let result = try SystemCall.perform("getpid") {
            calls += 1
            return getpid()
        }
        #expect(result == getpid())
        #expect(calls == 1)
    }

    @Test("an error about no file, with no errno set, still reads as a sentence")
    func errorWithoutPathOrCode() {
        #expect(SystemError(operation: "poll", code: 0).description == "cannot poll: unknown error")
    }
}

/// A handler for `number` installed without SA_RESTART, as a library or a profiler might, so that a blocked
/// call it interrupts returns EINTR. The previous handler comes back when this goes away.
private final class SignalWithoutRestart {
    let number: Int32
    private var previous = sigaction()

    init(_ number: Int32) throws {
        self.number = number
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        try #require(sigaction(number, &action, &previous) == 0)
    }

    deinit {
        sigaction(number, &previous, nil)
    }
}

/// read(2) through `SystemCall` on a thread of its own that takes `signal`, counting how many times the call was made.
private final class BlockingRead: Sendable {
    private let threadIdentifier = Atomic<UInt>(0)
    private let calls = Atomic<Int>(0)
    private let result = Locked<Result<[UInt8], SystemError>?>(nil)
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Returns once the thread is about to read.
    init(from descriptor: Int32, interruptedBy signal: Int32) {
        Thread { [self] in
            threadIdentifier.store(pthread_self(), ordering: .releasing)
            // The test runner's threads may block the signal, and a new thread inherits their mask.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, signal)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            started.signal()
            var buffer = [UInt8](repeating: 0, count: 64)
            let outcome: Result<[UInt8], SystemError>
            do throws(SystemError) {
                let count = try SystemCall.perform("read") {
                    calls.add(1, ordering: .relaxed)
                    return buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                }
                outcome = .success(Array(buffer.prefix(count)))
            } catch {
                outcome = .failure(error)
            }
            result.withLock { $0 = outcome }
            finished.signal()
        }.start()
        started.wait()
    }

    var thread: pthread_t { threadIdentifier.load(ordering: .acquiring) }

    /// How many times read(2) was called.
    var attempts: Int { calls.load(ordering: .relaxed) }

    var hasReturned: Bool { result.withLock { $0 != nil } }

    /// What the read returned, or nil if it has not returned within `seconds`.
    func outcome(within seconds: Double) -> Result<[UInt8], SystemError>? {
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place system calls are retried and their failures typed. A signal delivered to the thread (a
/// profiler's timer, a child exiting, a terminal resize) makes a blocking call return EINTR without doing its
/// work, unless the handler was installed with SA_RESTART; that is not a failure, so the call is made again.
/// Any other failure becomes a `SystemError` naming the operation.
///
/// close(2) must not come through here: on Linux the descriptor is already released when close returns EINTR,
/// and closing it again could close a descriptor another thread has just been given.
public enum SystemCall {
    /// Makes `call` until it returns something other than a negative number, which is how POSIX calls report
    /// failure, with the reason in `errno`. `operation` is only worded when the call fails.
    @discardableResult
    public static func perform<Result: FixedWidthInteger & SignedInteger>(
        _ operation: @autoclosure () -> String, path: String? = nil, _ call: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR {
                throw SystemError(operation: operation(), path: path, code: code)
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader that goes away (`| head`, a player closed) is news to a writer, not its end: by default the
/// kernel kills a process that writes to a pipe nobody reads with SIGPIPE. Ignored, the write fails with
/// EPIPE instead, and the writer can stop in its own time and say so.
public enum BrokenPipes {
    /// From now on, writes to a closed pipe fail with EPIPE rather than end the process.
    public static func reportAsErrors() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether `error` is a write to a pipe (or socket) whose reader has gone.
    public static func isBrokenPipe(_ error: SystemError) -> Bool {
        error.code == EPIPE
    }
}

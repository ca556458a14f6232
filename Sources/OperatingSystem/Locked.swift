import Foundation

/// A value reached only while holding its lock, for state that threads share.
///
/// The standard library's `Synchronization.Mutex` would do as well, but on Linux it locks with futex calls
/// made inside the uninstrumented standard library, so ThreadSanitizer sees none of its ordering and reports
/// every guarded access as a race. `NSLock` is a pthread mutex, whose calls the sanitizer intercepts, so the
/// whole program can be checked under it.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; what it returns is returned.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value == Void {
    /// Runs `body` with the lock held, for work that must never overlap and guards no value: nothing is
    /// accessed in place, so the sanitizer sees only the lock (an in-place access of an empty value has no
    /// storage of its own, and it reports one as a race with the object around it).
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

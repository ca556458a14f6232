#if canImport(Glibc)
import Glibc
#endif

/// A shared library opened the first time one of its functions is asked for, then kept: for libraries that
/// only some runs use. Linked in, each would be loaded and relocated at every start, and searched by every
/// symbol lookup after it, the GL driver's included. Opened with RTLD_LOCAL, so its symbols stay its own.
public final class SharedLibrary: Sendable {
    /// The file name the dynamic loader looks for, such as `libasound.so.2`, or a path.
    public let name: String
    private let handle = Locked<Result<UnsafeMutableRawPointer, SharedLibraryError>?>(nil)

    public init(_ name: String) {
        self.name = name
    }

    /// The function `symbol`, as `type` (a `@convention(c)` function type matching its C declaration), which
    /// the context usually tells.
    public func function<Function>(_ symbol: String, as type: Function.Type = Function.self) throws(SharedLibraryError) -> Function {
        unsafeBitCast(try address(of: symbol), to: type)
    }

    /// Where `symbol` is, opening the library first if no one has.
    public func address(of symbol: String) throws(SharedLibraryError) -> UnsafeMutableRawPointer {
        let library = try handle.withLock { opened in
            if opened == nil {
                opened = dlopen(name, RTLD_NOW | RTLD_LOCAL).map { .success($0) }
                    ?? .failure(SharedLibraryError(message: dlerror().map { String(cString: $0) } ?? "\(name) cannot be opened"))
            }
            return opened!
        }.get()
        guard let address = dlsym(library, symbol) else {
            throw SharedLibraryError(message: "\(name) has no \(symbol)")
        }
        return address
    }
}

/// Why a shared library or one of its functions is not there: the dynamic loader's words.
public struct SharedLibraryError: Error, Hashable, Sendable {
    public var message: String
}

import CLiblo
import OperatingSystem
#if canImport(Glibc)
import Glibc
#endif

/// Listens for OSC messages on a UDP port through a liblo server thread, and hands each to `onMessage` on
/// that thread: whoever owns GL copies it into a queue of its own and is woken, never blocked. Released, it
/// stops the thread and closes the port.
public final class OSCReceiver: @unchecked Sendable {
    /// The port listened on.
    public let port: Int
    private let functions: LibloFunctions
    private let server: lo_server_thread
    private let delivery: Unmanaged<Delivery>

    /// What the handler, a C function that captures nothing, reaches through liblo's user data.
    private final class Delivery: Sendable {
        let onMessage: @Sendable (OSCMessage) -> Void
        init(_ onMessage: @escaping @Sendable (OSCMessage) -> Void) { self.onMessage = onMessage }
    }

    /// liblo reports a failed bind through a handler, not a return value: the last report (its number, an
    /// errno for a failed bind, and its words), read just after.
    private static let lastError = Locked<(code: Int32, text: String)?>(nil)

    /// Starts listening on UDP `port` (0: a free one, then in `port`); throws naming the port when it is taken.
    public init(port: Int, onMessage: @escaping @Sendable (OSCMessage) -> Void) throws(OSCError) {
        guard (0...65535).contains(port) else { throw OSCError("OSC port \(port) is not a UDP port (0 to 65535)") }
        functions = try LibloFunctions.get()
        Self.lastError.withLock { $0 = nil }
        // liblo chooses a free port itself when given none; given "0" it would not say which it got.
        guard let server = functions.newServerThread(port == 0 ? nil : String(port), { code, message, place in
            let text = [message, place].compactMap { $0.map { String(cString: $0) } }.joined(separator: " in ")
            OSCReceiver.lastError.withLock { $0 = (code, text) }
        }) else {
            // liblo's own number is not errno, but bind's errno is still there when nothing after it failed.
            let bindError = errno
            let report = Self.lastError.withLock { $0 }
            if bindError == EADDRINUSE || report?.code == EADDRINUSE {
                throw OSCError("cannot listen for OSC on UDP port \(port): the port is in use by another program; choose another")
            }
            throw OSCError("cannot listen for OSC on UDP port \(port): \(report?.text ?? "liblo could not open it")")
        }
        self.server = server
        self.port = Int(functions.port(server))
        delivery = Unmanaged.passRetained(Delivery(onMessage))
        _ = functions.addMethod(server, nil, nil, { path, types, arguments, count, _, userData in
            guard let path, let userData else { return 1 }
            let delivery = Unmanaged<Delivery>.fromOpaque(userData).takeUnretainedValue()
            delivery.onMessage(OSCMessage(address: String(cString: path),
                                          arguments: OSCMessage.arguments(types: types, values: arguments, count: Int(count))))
            return 0
        }, delivery.toOpaque())
        guard functions.start(server) == 0 else {
            functions.freeServerThread(server)
            delivery.release()
            throw OSCError("cannot start listening for OSC on UDP port \(port)")
        }
    }

    deinit {
        // Freeing stops the thread first, so no handler runs after the delivery is released.
        functions.freeServerThread(server)
        delivery.release()
    }
}

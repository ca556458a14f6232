import CLiblo
#if canImport(Glibc)
import Glibc
#endif

/// Reads OSC packets given as bytes as `OSCReceiver` reads what arrives on its port: liblo parses each (a message,
/// or a bundle of them), and every message is decoded the same way. What a datagram from anyone on the network can
/// make the workbench read, without the network: the fuzz target's way in, and the tests'. Its liblo server binds
/// a free port (liblo makes no server without one) and never listens on it.
public final class OSCPacketReader {
    private let functions: LibloFunctions
    private let server: lo_server
    private let delivery: Unmanaged<Delivery>

    private final class Delivery {
        var messages: [OSCMessage] = []
    }

    public init() throws(OSCError) {
        functions = try LibloFunctions.get()
        guard let server = functions.newServer(nil, { _, _, _ in }) else { throw OSCError("liblo could not make a server to read OSC packets with") }
        self.server = server
        delivery = Unmanaged.passRetained(Delivery())
        _ = functions.addServerMethod(server, nil, nil, { path, types, arguments, count, _, userData in
            guard let path, let userData else { return 1 }
            Unmanaged<Delivery>.fromOpaque(userData).takeUnretainedValue().messages.append(
                OSCMessage(address: String(cString: path), arguments: OSCMessage.arguments(types: types, values: arguments, count: Int(count))))
            return 0
        }, delivery.toOpaque())
    }

    deinit {
        functions.freeServer(server)
        delivery.release()
    }

    /// The messages in `packet`, in order; nil when liblo refuses it (malformed, truncated, not OSC).
    public func read(_ packet: [UInt8]) -> [OSCMessage]? {
        let box = delivery.takeUnretainedValue()
        box.messages = []
        var bytes = packet
        let result = bytes.withUnsafeMutableBytes { functions.dispatchData(server, $0.baseAddress, $0.count) }
        return result < 0 ? nil : box.messages
    }

    /// `message` as the bytes of one OSC packet, as liblo writes it: floats as 32-bit (`f`), integers as 32-bit
    /// (`i`) where they fit, else 64-bit (`h`). Nil for an argument liblo cannot write (`.other`).
    public func packet(of message: OSCMessage) -> [UInt8]? {
        guard let built = functions.newMessage() else { return nil }
        defer { functions.freeMessage(built) }
        for argument in message.arguments where !functions.add(argument, to: built) { return nil }
        var size = 0
        guard let bytes = functions.serialiseMessage(built, message.address, nil, &size) else { return nil }
        defer { free(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: size))
    }
}

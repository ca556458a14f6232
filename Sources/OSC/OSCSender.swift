import CLiblo

/// Sends OSC messages to one host and UDP port through liblo. Released, it frees the address.
public final class OSCSender: @unchecked Sendable {
    public let host: String
    public let port: Int
    private let functions: LibloFunctions
    private let address: lo_address

    public init(host: String, port: Int) throws(OSCError) {
        guard (1...65535).contains(port) else { throw OSCError("OSC port \(port) is not a UDP port (1 to 65535)") }
        functions = try LibloFunctions.get()
        guard let address = functions.newAddress(host, String(port)) else {
            throw OSCError("cannot send OSC to \(host):\(port): liblo cannot make that address")
        }
        self.host = host
        self.port = port
        self.address = address
    }

    deinit {
        functions.freeAddress(address)
    }

    /// Sends `values` as 32-bit floats to `path`; throws with liblo's reason when the datagram cannot go.
    public func send(_ path: String, _ values: [Float]) throws(OSCError) {
        try send(path, arguments: values.map { .float(Double($0)) }, floatsAsDoubles: false)
    }

    /// Sends `arguments` to `path`: floats as 32-bit (`f`) unless `floatsAsDoubles` (`d`), integers as
    /// 32-bit (`i`) where they fit, else 64-bit (`h`).
    public func send(_ path: String, arguments: [OSCMessage.Argument], floatsAsDoubles: Bool = false) throws(OSCError) {
        guard let message = functions.newMessage() else { throw OSCError("cannot make an OSC message for \(path)") }
        defer { functions.freeMessage(message) }
        for argument in arguments where !functions.add(argument, to: message, floatsAsDoubles: floatsAsDoubles) {
            throw OSCError("cannot send an OSC argument of type '\(argument.tag)'" + (argument.tag == "m" ? " that is not 4 bytes (port, status, data, data)" : ""))
        }
        if functions.sendMessage(address, path, message) < 0 {
            let reason = functions.addressErrorText(address).map { String(cString: $0) } ?? "error \(functions.addressErrorNumber(address))"
            throw OSCError("cannot send OSC \(path) to \(host):\(port): \(reason)")
        }
    }
}

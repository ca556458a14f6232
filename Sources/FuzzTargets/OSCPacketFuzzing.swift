import OSC

/// Reads the bytes as a UDP datagram arriving on the window's OSC port (`OSCPacketReader`: liblo's parser, then
/// the workbench's decoding of each argument at its own size). Every message read must come back the same when
/// written out again and read once more, floats to 32-bit precision.
enum OSCPacketFuzzing {
    /// One reader for the whole run: liblo makes each server with a socket of its own.
    nonisolated(unsafe) static let reader: OSCPacketReader? = try? OSCPacketReader()

    static func run(_ data: [UInt8]) {
        guard let reader else { preconditionFailure("liblo is not there to read OSC with") }
        for message in reader.read(data) ?? [] {
            guard let packet = reader.packet(of: message) else { continue }
            guard let again = reader.read(packet), again.count == 1 else {
                preconditionFailure("\(message) written out did not read back as one message")
            }
            precondition(again[0].address == message.address, "the address came back as \(again[0].address), not \(message.address)")
            precondition(again[0].arguments.count == message.arguments.count, "\(message) came back as \(again[0])")
            for (back, sent) in zip(again[0].arguments, message.arguments) {
                precondition(same(back, sent), "\(sent) came back as \(back) in \(message)")
            }
        }
    }

    /// Whether an argument read back is the one written: a float as its 32-bit value (NaN as NaN), the rest exactly.
    private static func same(_ back: OSCMessage.Argument, _ sent: OSCMessage.Argument) -> Bool {
        switch (back, sent) {
        case (.float(let a), .float(let b)):
            let written = Double(Float(b))
            return a == written || (a.isNaN && written.isNaN)
        case (.integer(let a), .integer(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.midi(let a), .midi(let b)): return a == b
        default: return false
        }
    }
}

/// Value nodes' numbers sent over OSC as they change: `/NODE` with a float per component, the first frame's
/// and then each one that differs from the last sent, so a receiver hears about a still scene once.
public final class OSCValueStream: @unchecked Sendable {
    private let sender: OSCSender
    private var lastSent: [String: [Float]] = [:]
    /// Why a send failed, once: a receiver that is not there yet must not flood the terminal.
    private var reported = false

    public init(host: String, port: Int) throws(OSCError) {
        sender = try OSCSender(host: host, port: port)
    }

    public var destination: String { "\(sender.host):\(sender.port)" }

    /// Sends `value` as `/name` unless it was the last sent; returns a failure to report, the first time only.
    @discardableResult
    public func send(_ name: String, _ value: [Float]) -> OSCError? {
        guard lastSent[name] != value else { return nil }
        do {
            try sender.send("/" + name, value)
            lastSent[name] = value
            return nil
        } catch {
            if reported { return nil }
            reported = true
            return error
        }
    }
}

/// Why OSC could not listen or send: what was tried, with liblo's or the system's reason.
public struct OSCError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

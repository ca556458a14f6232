/// Why the window could not open or go on; each message is one sentence a person can act on.
public struct WindowError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

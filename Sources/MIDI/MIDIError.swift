/// Why MIDI input could not start or connect, in words for the person.
public struct MIDIError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

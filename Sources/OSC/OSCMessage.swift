/// One OSC message as it arrived: its address (`/tone/intensity`) and its arguments in order.
public struct OSCMessage: Sendable, Equatable {
    /// An argument by its OSC type tag: `f` and `d` floats, `i` and `h` integers, `T` and `F` booleans,
    /// `s` and `S` strings, `m` MIDI messages; any other tag is kept as the tag alone.
    public enum Argument: Sendable, Equatable {
        case float(Double)
        case integer(Int64)
        case boolean(Bool)
        case string(String)
        /// Four bytes: a port number, then a MIDI status byte and its two data bytes.
        case midi([UInt8])
        case other(Character)

        /// As a number, where it is one: a boolean is 0 or 1.
        public var number: Double? {
            switch self {
            case .float(let value): value
            case .integer(let value): Double(value)
            case .boolean(let value): value ? 1 : 0
            case .string, .midi, .other: nil
            }
        }

        /// Its OSC type tag.
        public var tag: Character {
            switch self {
            case .float: "f"
            case .integer: "i"
            case .boolean(let value): value ? "T" : "F"
            case .string: "s"
            case .midi: "m"
            case .other(let tag): tag
            }
        }
    }

    public var address: String
    public var arguments: [Argument]

    public init(address: String, arguments: [Argument]) {
        self.address = address
        self.arguments = arguments
    }
}

import CLiblo

extension LibloFunctions {
    /// Adds `argument` to `message` as liblo writes it: floats as 32-bit (`f`) unless `floatsAsDoubles` (`d`),
    /// integers as 32-bit (`i`) where they fit, else 64-bit (`h`). False for one it cannot write (`.other`, a
    /// MIDI argument that is not four bytes).
    func add(_ argument: OSCMessage.Argument, to message: lo_message, floatsAsDoubles: Bool = false) -> Bool {
        switch argument {
        case .float(let value): _ = floatsAsDoubles ? addDouble(message, value) : addFloat(message, Float(value))
        case .integer(let value): _ = Int32(exactly: value).map { addInteger(message, $0) } ?? addLong(message, value)
        case .boolean(let value): _ = value ? addTrue(message) : addFalse(message)
        case .string(let text): _ = addString(message, text)
        case .midi(let bytes):
            guard bytes.count == 4 else { return false }
            var four = bytes
            _ = addMIDI(message, &four)
        case .other: return false
        }
        return true
    }
}

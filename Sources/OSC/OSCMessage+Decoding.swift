import CLiblo

extension OSCMessage {
    /// The arguments liblo parsed for a method handler: one per type tag, each read at its own size.
    static func arguments(types: UnsafePointer<CChar>?, values: UnsafeMutablePointer<UnsafeMutablePointer<lo_arg>?>?,
                          count: Int) -> [Argument] {
        guard let types, let values else { return [] }
        let tags = Array(String(cString: types))
        return (0..<min(count, tags.count)).map { index in
            let tag = tags[index]
            // True and false are all tag: liblo gives them no bytes, and may give no pointer.
            if tag == "T" { return .boolean(true) }
            if tag == "F" { return .boolean(false) }
            guard let value = values[index] else { return .other(tag) }
            // Only the argument's own bytes are there: liblo packs a 4-byte argument in 4 bytes, so the union
            // (8 bytes) must never be read whole.
            let bytes = UnsafeRawPointer(value)
            switch tag {
            case "f": return .float(Double(bytes.loadUnaligned(as: Float.self)))
            case "d": return .float(bytes.loadUnaligned(as: Double.self))
            case "i": return .integer(Int64(bytes.loadUnaligned(as: Int32.self)))
            case "h": return .integer(bytes.loadUnaligned(as: Int64.self))
            case "s", "S": return .string(String(cString: cliblo_string(value)))
            case "m": return .midi((0..<4).map { bytes.load(fromByteOffset: $0, as: UInt8.self) })
            default: return .other(tag)
            }
        }
    }
}

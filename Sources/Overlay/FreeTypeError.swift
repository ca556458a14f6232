import CFreeType
import GPU

/// Words for FreeType's error codes. Debian builds FreeType without `FT_CONFIG_OPTION_ERROR_STRINGS`, so
/// `FT_Error_String` returns nothing there and the codes that loading a font can produce are named here.
enum FreeTypeError {
    static func describe(_ code: FT_Error) -> String {
        if let text = FT_Error_String(code) {
            return String(cString: text)
        }
        let hex = "0x" + String(code, radix: 16)
        return names[Int(code)].map { "\($0) (FreeType error \(hex))" } ?? "FreeType error \(hex)"
    }

    /// A `GPUError` for a failed FreeType call, naming the font so the user knows which file to fix.
    static func error(_ code: FT_Error, _ doing: String, path: String) -> GPUError {
        GPUError("\(doing) \(path) failed: \(describe(code))")
    }

    private static let names: [Int: String] = [
        0x01: "cannot open resource",
        0x02: "unknown file format",
        0x03: "broken file",
        0x06: "invalid argument",
        0x07: "unimplemented feature",
        0x08: "broken table",
        0x09: "broken offset within table",
        0x0A: "array allocation size too large",
        0x10: "invalid glyph index",
        0x11: "invalid character code",
        0x12: "unsupported glyph image format",
        0x13: "cannot render this glyph format",
        0x14: "invalid outline",
        0x15: "invalid composite glyph",
        0x16: "too many hints",
        0x17: "invalid pixel size",
        0x40: "out of memory",
        0x51: "cannot open stream",
        0x52: "invalid stream seek",
        0x53: "invalid stream skip",
        0x54: "invalid stream read",
        0x55: "invalid stream operation",
        0x56: "invalid frame operation",
        0x58: "invalid frame read",
        0x62: "raster overflow",
        0x8E: "SFNT font table missing",
        0x8F: "horizontal header (hhea) table missing",
        0x90: "locations (loca) table missing",
        0x92: "character map (cmap) table missing",
        0x93: "horizontal metrics (hmtx) table missing",
        0x96: "invalid character map (cmap) format",
        0x97: "invalid ppem value",
        0x9D: "missing bitmap in strike",
        0xA4: "glyph too big for hinting",
    ]
}

/// Builds PNG files byte by byte, so the tests can produce colour types and bit depths the encoder under test never
/// writes (palette, grey, 16-bit, interlaced) and headers no encoder would (absurd dimensions). The image data is
/// stored uncompressed in the zlib stream, which every inflater must accept.
public struct PNGBytes {
    public enum ColourType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6
    }

    public var width: Int
    public var height: Int
    public var bitDepth: UInt8
    public var colourType: ColourType
    public var interlaced = false
    /// RGB triples for PLTE.
    public var palette: [UInt8] = []
    /// tRNS contents, if any.
    public var transparency: [UInt8]? = nil

    public init(width: Int, height: Int, bitDepth: UInt8, colourType: ColourType, interlaced: Bool = false,
                palette: [UInt8] = [], transparency: [UInt8]? = nil) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colourType = colourType
        self.interlaced = interlaced
        self.palette = palette
        self.transparency = transparency
    }

    /// The file for a non-interlaced image whose packed rows, top to bottom, are `rows` (stored unfiltered).
    public func encode(rows: [[UInt8]]) -> [UInt8] {
        var raw: [UInt8] = []
        for row in rows {
            raw.append(0)
            raw += row
        }
        return file(imageData: raw)
    }

    /// The file whose IDAT holds `imageData` (filter bytes included) exactly as given.
    public func file(imageData: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [bitDepth, colourType.rawValue, 0, 0, interlaced ? 1 : 0]
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += Self.chunk("IHDR", header)
        if !palette.isEmpty {
            bytes += Self.chunk("PLTE", palette)
        }
        if let transparency {
            bytes += Self.chunk("tRNS", transparency)
        }
        bytes += Self.chunk("IDAT", Self.storedZlib(imageData))
        bytes += Self.chunk("IEND", [])
        return bytes
    }

    /// Adam7-interlaced image data for 8-bit-per-sample pixels given as `pixel(x, y)` byte groups.
    public static func adam7ImageData(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var data: [UInt8] = []
        for (xStart, yStart, xStep, yStep) in passes {
            let columns = Array(stride(from: xStart, to: width, by: xStep))
            // A pass with no pixels contributes no rows at all, not even filter bytes.
            guard !columns.isEmpty else { continue }
            for y in stride(from: yStart, to: height, by: yStep) {
                data.append(0)
                for x in columns {
                    data += pixel(x, y)
                }
            }
        }
        return data
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    public static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let isLast = offset + length == data.count
            stream.append(isLast ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return stream + bigEndian(adler32(data))
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

public func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

public func bigEndian16(_ value: UInt16) -> [UInt8] {
    [UInt8(value >> 8), UInt8(value & 0xFF)]
}

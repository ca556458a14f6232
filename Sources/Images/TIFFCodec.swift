import CTIFF
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TIFF through libtiff's RGBA interface, which reads any layout it knows (strips or tiles, grey, palette, RGB,
/// CMYK, YCbCr, 1 to 16 bits a sample) as 8-bit RGBA. libtiff is opened on the bytes in memory with handlers of
/// its own, so its errors become the error thrown here and neither errors nor warnings reach stderr.
enum TIFFCodec {
    static func decode(_ data: [UInt8], path: String, maximumDimension: Int) throws(ImageFileError) -> RGBAImage {
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageFileError) in try decode(bytes, path: path, maximumDimension: maximumDimension) }
        }
        return try result.get()
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, path: String, maximumDimension: Int) throws(ImageFileError) -> RGBAImage {
        let reader = TIFFMemoryReader(bytes)
        let handle = Unmanaged.passUnretained(reader).toOpaque()
        // Ends any use of `reader` by libtiff before it may be released.
        defer { withExtendedLifetime(reader) {} }

        guard let options = TIFFOpenOptionsAlloc() else {
            throw ImageFileError(path: path, message: "cannot start libtiff")
        }
        defer { TIFFOpenOptionsFree(options) }
        TIFFOpenOptionsSetErrorHandlerExtR(options, TIFFMemoryReader.error, handle)
        TIFFOpenOptionsSetWarningHandlerExtR(options, TIFFMemoryReader.warning, handle)
        // The largest buffer an image within the limit needs is a strip holding all of it at 16-bit RGBA; a header
        // asking for more is hostile, and libtiff refuses it instead of allocating.
        let side = Int64(min(maximumDimension, 1 << 24))
        TIFFOpenOptionsSetMaxSingleMemAlloc(options, side * side * 8)

        guard let tiff = TIFFClientOpenExt(
            TIFFMemoryReader.name, "r", handle, TIFFMemoryReader.read, TIFFMemoryReader.write, TIFFMemoryReader.seek,
            TIFFMemoryReader.close, TIFFMemoryReader.size, TIFFMemoryReader.map, TIFFMemoryReader.unmap, options)
        else {
            throw corrupt(path: path, reader: reader)
        }
        defer { TIFFClose(tiff) }

        let width = Int(field(TIFFTAG_IMAGEWIDTH, of: tiff))
        let height = Int(field(TIFFTAG_IMAGELENGTH, of: tiff))
        let byteCount = try ImageSize.rgbaByteCount(width: width, height: height, maximumDimension: maximumDimension, path: path)

        var raster = [UInt32](repeating: 0, count: byteCount / 4)
        let status = raster.withUnsafeMutableBufferPointer { pixels in
            TIFFReadRGBAImageOriented(tiff, UInt32(width), UInt32(height), pixels.baseAddress, ORIENTATION_TOPLEFT, 1)
        }
        guard status != 0, reader.firstError == nil else {
            throw corrupt(path: path, reader: reader)
        }
        return RGBAImage(width: width, height: height, pixels: straightRGBA(fromPremultiplied: raster))
    }

    /// A 32-bit unsigned field of the first image, 0 when it is missing.
    private static func field(_ tag: Int32, of tiff: OpaquePointer) -> UInt32 {
        var value: UInt32 = 0
        let found = withUnsafeMutablePointer(to: &value) { pointer in
            withVaList([pointer]) { TIFFVGetField(tiff, UInt32(tag), $0) }
        }
        return found != 0 ? value : 0
    }

    /// libtiff's RGBA raster packs each pixel as A<<24 | B<<16 | G<<8 | R with colour multiplied by alpha, for
    /// files with associated and unassociated alpha alike; RGBAImage holds bytes with straight alpha.
    private static func straightRGBA(fromPremultiplied raster: [UInt32]) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: raster.count * 4)
        for (index, packed) in raster.enumerated() {
            let alpha = UInt32(packed >> 24)
            for channel in 0..<3 {
                let value = (packed >> (8 * UInt32(channel))) & 0xFF
                pixels[index * 4 + channel] = alpha == 255 || alpha == 0 ? UInt8(value) : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
            }
            pixels[index * 4 + 3] = UInt8(alpha)
        }
        return pixels
    }

    private static func corrupt(path: String, reader: TIFFMemoryReader) -> ImageFileError {
        ImageFileError(path: path, message: "the TIFF file is truncated or corrupt (libtiff: \(reader.firstError ?? "no reason given"))")
    }
}

/// The bytes libtiff reads through its client callbacks, and the first error it reports.
private final class TIFFMemoryReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    var firstError: String?

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// What libtiff calls the file in its messages.
    static let name = "TIFF"

    static func from(_ handle: UnsafeMutableRawPointer?) -> TIFFMemoryReader {
        Unmanaged<TIFFMemoryReader>.fromOpaque(handle!).takeUnretainedValue()
    }

    static let read: TIFFReadWriteProc = { handle, buffer, count in
        let reader = from(handle)
        let available = max(0, min(Int(count), reader.bytes.count - reader.position))
        if available > 0, let buffer, let source = reader.bytes.baseAddress {
            buffer.copyMemory(from: source + reader.position, byteCount: available)
        }
        reader.position += available
        return tmsize_t(available)
    }

    static let write: TIFFReadWriteProc = { _, _, _ in 0 }

    /// The new position, or all ones (libtiff's failure value) for a position outside the bytes.
    static let seek: TIFFSeekProc = { handle, offset, whence in
        let reader = from(handle)
        let base = switch whence {
        case SEEK_SET: 0
        case SEEK_CUR: reader.position
        case SEEK_END: reader.bytes.count
        default: -1
        }
        guard base >= 0, offset <= UInt64(Int.max - base) else { return toff_t.max }
        reader.position = base + Int(offset)
        return toff_t(reader.position)
    }

    static let close: TIFFCloseProc = { _ in 0 }
    static let size: TIFFSizeProc = { handle in toff_t(from(handle).bytes.count) }
    // No mapping: libtiff falls back on read and seek.
    static let map: TIFFMapFileProc = { _, _, _ in 0 }
    static let unmap: TIFFUnmapFileProc = { _, _, _ in }

    /// Keeps the first error; returning 1 stops libtiff from also calling its default handler, which prints.
    static let error: TIFFErrorHandlerExtR = { _, handle, _, format, arguments in
        let reader = from(handle)
        if reader.firstError == nil, let format, let arguments {
            var text = [CChar](repeating: 0, count: 512)
            vsnprintf(&text, text.count, format, arguments)
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Many messages begin with the name given at open; the error already names the file by its path.
            reader.firstError = message.hasPrefix(name + ": ") ? String(message.dropFirst(name.count + 2)) : message
        }
        return 1
    }

    /// Warnings name tags libtiff skipped or repaired; the image still reads, so they are dropped unprinted.
    static let warning: TIFFErrorHandlerExtR = { _, _, _, _, _ in 1 }
}

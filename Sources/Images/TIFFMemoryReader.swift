import CTIFF
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes libtiff reads through its client callbacks, and the first error it reports.
final class TIFFMemoryReader {
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

import CPNG
import PNGBridge

/// PNG through libpng's simplified API. The classic API reports errors by longjmp, which would skip Swift's
/// cleanup and corrupt its state; the simplified API catches them inside libpng and returns 0 with a message.
/// 16-bit files kept at 16 bits need the classic API, so PNGBridge runs it in C, where setjmp is allowed.
enum PNGCodec {
    // PNG_FORMAT_RGBA is a parenthesised macro that Swift does not import; the flags it is built from are plain.
    private static let rgbaFormat = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA

    static func decode(_ data: [UInt8], path: String, maximumDimension: Int) throws(ImageFileError) -> RGBAImage {
        try read(data, path: path) { control throws(ImageFileError) in
            try finishEightBit(&control, path: path, maximumDimension: maximumDimension)
        }
    }

    /// 16-bit files at 16 bits, through libpng's classic reader (the simplified one gives 16 bits only as linear
    /// light with premultiplied alpha); every other file as `decode` gives it.
    static func decodeAtFullDepth(_ data: [UInt8], path: String, maximumDimension: Int) throws(ImageFileError) -> DecodedImage {
        try read(data, path: path) { control throws(ImageFileError) in
            guard control.format & PNG_FORMAT_FLAG_LINEAR != 0 else {
                return .eightBit(try finishEightBit(&control, path: path, maximumDimension: maximumDimension))
            }
            return .sixteenBit(try readSixteenBit(data, width: Int(control.width), height: Int(control.height),
                                                  path: path, maximumDimension: maximumDimension))
        }
    }

    /// Reads the header of `data` with the simplified API and hands its control structure to `finish`. libpng
    /// keeps the memory pointer from begin_read and reads through it again in finish_read, so both calls must
    /// happen while the pointer is valid.
    private static func read<Decoded>(_ data: [UInt8], path: String,
                                      finish: (inout png_image) throws(ImageFileError) -> Decoded) throws(ImageFileError) -> Decoded {
        // Array.withUnsafeBytes rethrows untyped errors, so the typed error travels out in a Result.
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageFileError) -> Decoded in
                var control = png_image()
                control.version = UInt32(PNG_IMAGE_VERSION)
                // Freeing is idempotent, and the early returns between begin and finish would otherwise leak.
                defer { png_image_free(&control) }
                guard png_image_begin_read_from_memory(&control, bytes.baseAddress, bytes.count) != 0 else {
                    throw corrupt(path: path, control: control)
                }
                return try finish(&control)
            }
        }
        return try result.get()
    }

    private static func finishEightBit(_ control: inout png_image, path: String, maximumDimension: Int) throws(ImageFileError) -> RGBAImage {
        let width = Int(control.width)
        let height = Int(control.height)
        let byteCount = try ImageSize.rgbaByteCount(width: width, height: height, maximumDimension: maximumDimension, path: path)

        control.format = rgbaFormat
        // Without this flag libpng treats untagged 16-bit samples as linear light and brightens them on the way to
        // 8 bits; browsers and other decoders treat them as sRGB, as for 8-bit files.
        control.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

        var finished: Int32 = 0
        // Uninitialised storage: libpng writes every byte, and zero-filling first would double the cost.
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            finished = png_image_finish_read(&control, nil, buffer.baseAddress, Int32(width * 4), nil)
            initializedCount = finished != 0 ? byteCount : 0
        }
        guard finished != 0 else {
            throw corrupt(path: path, control: control)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func readSixteenBit(_ data: [UInt8], width: Int, height: Int, path: String,
                                       maximumDimension: Int) throws(ImageFileError) -> RGBA16Image {
        // Four samples a pixel, as RGBA8 has four bytes: the same count and the same limits.
        let sampleCount = try ImageSize.rgbaByteCount(width: width, height: height, maximumDimension: maximumDimension, path: path)
        var message = [CChar](repeating: 0, count: 256)
        var finished: Int32 = 0
        let samples = [UInt16](unsafeUninitializedCapacity: sampleCount) { buffer, initializedCount in
            finished = data.withUnsafeBufferPointer { bytes in
                pngbridge_read_rgba16(bytes.baseAddress, bytes.count, UInt32(width), UInt32(height), buffer.baseAddress,
                                      &message, message.count)
            }
            initializedCount = finished != 0 ? sampleCount : 0
        }
        guard finished != 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageFileError(path: path, message: "the PNG file is truncated or corrupt (libpng: \(reason))")
        }
        return RGBA16Image(width: width, height: height, samples: samples)
    }

    static func encode(_ image: RGBAImage) throws(ImageFileError) -> [UInt8] {
        try ImageSize.validateForEncoding(image)
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        control.format = rgbaFormat
        // Not PNG_IMAGE_FLAG_FAST: it encodes about 4× faster but files come out up to 15× larger, and rendered
        // PNGs end up kept as goldens and attachments, where size matters more than a fraction of a second.
        defer { png_image_free(&control) }

        var capacity = worstCaseSize(image)
        // The bound holds for zlib itself; a different deflate could exceed it, and then libpng reports the size
        // it needs, so one retry with that size always fits.
        for _ in 0..<2 {
            // Scratch space, copied out at the exact size: an array built in it would keep the worst-case capacity.
            let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
            defer { scratch.deallocate() }
            var size = png_alloc_size_t(capacity)
            let written = image.pixels.withUnsafeBytes { pixels in
                png_image_write_to_memory(&control, scratch.baseAddress, &size, 0, pixels.baseAddress, Int32(image.width * 4), nil)
            }
            if written != 0 {
                return Array(UnsafeRawBufferPointer(rebasing: scratch[..<Int(size)]))
            }
            guard Int(size) > capacity else {
                throw ImageFileError(path: "", message: "cannot encode the PNG (libpng: \(message(of: control)))")
            }
            capacity = Int(size)
            control.warning_or_error = 0
        }
        throw ImageFileError(path: "", message: "cannot encode the PNG (libpng needed more memory than it asked for)")
    }

    /// PNG_IMAGE_PNG_SIZE_MAX from png.h, which Swift cannot import: deflate's bound on the filtered rows plus
    /// every chunk the simplified writer may emit.
    private static func worstCaseSize(_ image: RGBAImage) -> Int {
        let filtered = image.height * (image.width * 4 + 1)
        let compressed = filtered + (filtered + 7) / 8 + (filtered + 63) / 64 + 11
        let chunks = 8 + 25 + 16 + 44 + 12 + 12 + 12 * (compressed / 8192)
        return compressed + chunks
    }

    private static func corrupt(path: String, control: png_image) -> ImageFileError {
        ImageFileError(path: path, message: "the PNG file is truncated or corrupt (libpng: \(message(of: control)))")
    }

    private static func message(of control: png_image) -> String {
        let text = withUnsafeBytes(of: control.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "no reason given" : text
    }
}

import OperatingSystem

/// Reading and writing image files as RGBA8.
public enum ImageFile {
    /// Far beyond any texture a 16384×16384 limit admits once compressed; a larger file is a mistake, not an input.
    static let maximumFileSize = 256 << 20

    /// Reads and decodes a PNG or JPEG file, detected by its magic bytes (not the extension). Any PNG colour
    /// type/bit depth (palette, grey, grey+alpha, 16-bit, interlaced) becomes RGBA8; JPEG (grey, YCbCr, CMYK)
    /// becomes RGBA8 with alpha 255. Missing/unreadable file, empty file, unknown format, truncated or corrupt
    /// data, dimensions over `maximumDimension` -> ImageFileError.
    public static func read(path: String, maximumDimension: Int = 16384) throws(ImageFileError) -> RGBAImage {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path, limit: maximumFileSize)
        } catch {
            throw ImageFileError(reading: error)
        }
        return try decode(bytes, path: path, maximumDimension: maximumDimension)
    }

    /// Decodes PNG or JPEG bytes; `path` only names the source in errors.
    public static func decode(_ data: [UInt8], path: String, maximumDimension: Int = 16384) throws(ImageFileError) -> RGBAImage {
        guard !data.isEmpty else {
            throw ImageFileError(path: path, message: "the file is empty")
        }
        switch format(of: data) {
        case .png: return try PNGCodec.decode(data, path: path, maximumDimension: maximumDimension)
        case .jpeg: return try JPEGCodec.decode(data, path: path, maximumDimension: maximumDimension)
        case nil: throw ImageFileError(path: path, message: "not a PNG or JPEG file")
        }
    }

    /// The format whose signature `data` begins with, or nil.
    public static func format(of data: [UInt8]) -> ImageFormat? {
        ImageFormat(signatureOf: data)
    }

    /// Encodes as PNG (8-bit RGBA, no interlace) and replaces `path` atomically: the bytes go to a temporary file
    /// in the same directory, which rename(2) moves over the target, so a reader never sees a half-written PNG.
    /// Creates no directories.
    public static func writePNG(_ image: RGBAImage, to path: String) throws(ImageFileError) {
        let bytes: [UInt8]
        do {
            bytes = try encodePNG(image)
        } catch {
            throw ImageFileError(path: path, message: error.message)
        }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw ImageFileError(writing: error)
        }
    }

    /// Encodes as PNG: 8-bit RGBA, no interlace.
    public static func encodePNG(_ image: RGBAImage) throws(ImageFileError) -> [UInt8] {
        try PNGCodec.encode(image)
    }

    /// Encodes as baseline JPEG, 4:4:4, with the given quality (1...100); alpha is dropped.
    public static func encodeJPEG(_ image: RGBAImage, quality: Int = 90) throws(ImageFileError) -> [UInt8] {
        try JPEGCodec.encode(image, quality: quality)
    }
}

import OperatingSystem

/// Reading and writing image files as RGBA8 (and reading 16-bit PNGs and TIFFs at 16 bits).
public enum ImageFile {
    /// Far beyond any texture a 16384×16384 limit admits once compressed; a larger file is a mistake, not an input.
    static let maximumFileSize = 256 << 20

    /// Reads and decodes a PNG, JPEG, TIFF or WebP file, detected by its magic bytes (not the extension). Any PNG
    /// colour type/bit depth (palette, grey, grey+alpha, 16-bit, interlaced) becomes RGBA8; JPEG (grey, YCbCr,
    /// CMYK) becomes RGBA8 with alpha 255; TIFF (strips or tiles, any layout libtiff's RGBA reader takes) and WebP
    /// (lossy or lossless, with or without alpha) become RGBA8. Missing/unreadable file, empty file, unknown
    /// format, truncated or corrupt data, dimensions over `maximumDimension` -> ImageFileError.
    public static func read(path: String, maximumDimension: Int = 16384) throws(ImageFileError) -> RGBAImage {
        try decode(try contents(of: path), path: path, maximumDimension: maximumDimension)
    }

    /// Reads as `read` does, but a 16-bit PNG, or a 16-bit grey or RGB TIFF, keeps its 16 bits.
    public static func readAtFullDepth(path: String, maximumDimension: Int = 16384) throws(ImageFileError) -> DecodedImage {
        try decodeAtFullDepth(try contents(of: path), path: path, maximumDimension: maximumDimension)
    }

    private static func contents(of path: String) throws(ImageFileError) -> [UInt8] {
        do {
            return try FileContents.read(path: path, limit: maximumFileSize)
        } catch {
            throw ImageFileError(reading: error)
        }
    }

    /// Decodes PNG, JPEG, TIFF or WebP bytes; `path` only names the source in errors.
    public static func decode(_ data: [UInt8], path: String, maximumDimension: Int = 16384) throws(ImageFileError) -> RGBAImage {
        switch try format(of: data, path: path) {
        case .png: try PNGCodec.decode(data, path: path, maximumDimension: maximumDimension)
        case .jpeg: try JPEGCodec.decode(data, path: path, maximumDimension: maximumDimension)
        case .tiff: try TIFFCodec.decode(data, path: path, maximumDimension: maximumDimension)
        case .webp: try WebPCodec.decode(data, path: path, maximumDimension: maximumDimension)
        }
    }

    /// Decodes as `decode` does, but a 16-bit PNG, or a 16-bit grey or RGB TIFF, keeps its 16 bits.
    public static func decodeAtFullDepth(_ data: [UInt8], path: String, maximumDimension: Int = 16384) throws(ImageFileError) -> DecodedImage {
        switch try format(of: data, path: path) {
        case .png: try PNGCodec.decodeAtFullDepth(data, path: path, maximumDimension: maximumDimension)
        case .tiff: try TIFFCodec.decodeAtFullDepth(data, path: path, maximumDimension: maximumDimension)
        case .jpeg, .webp: .eightBit(try decode(data, path: path, maximumDimension: maximumDimension))
        }
    }

    /// The format of a file's bytes, or why they are none that can be read.
    private static func format(of data: [UInt8], path: String) throws(ImageFileError) -> ImageFormat {
        guard !data.isEmpty else {
            throw ImageFileError(path: path, message: "the file is empty")
        }
        guard let format = format(of: data) else {
            throw ImageFileError(path: path, message: "not a PNG, JPEG, TIFF or WebP file")
        }
        return format
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

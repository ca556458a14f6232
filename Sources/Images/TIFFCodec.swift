import CTIFF

/// TIFF through libtiff. libtiff is opened on the bytes in memory with handlers of its own, so its errors become
/// the error thrown here and neither errors nor warnings reach stderr. Most files go through libtiff's RGBA
/// interface, which reads any layout it knows (strips or tiles, grey, palette, RGB, CMYK, YCbCr, 1 to 16 bits a
/// sample) as 8-bit RGBA; 16-bit grey and RGB files can be read at 16 bits instead (`TIFFSixteenBitReader`).
enum TIFFCodec {
    static func decode(_ data: [UInt8], path: String, maximumDimension: Int) throws(ImageFileError) -> RGBAImage {
        try open(data, path: path, maximumDimension: maximumDimension) { tiff, width, height throws(ImageFileError) in
            try readEightBit(tiff, width: width, height: height, path: path)
        }
    }

    /// 16-bit grey and RGB files, with or without straight alpha, at 16 bits; every other file as `decode` gives it.
    static func decodeAtFullDepth(_ data: [UInt8], path: String, maximumDimension: Int) throws(ImageFileError) -> DecodedImage {
        try open(data, path: path, maximumDimension: maximumDimension) { tiff, width, height throws(ImageFileError) in
            if let reader = TIFFSixteenBitReader(tiff, width: width, height: height) {
                return .sixteenBit(try reader.read(path: path))
            }
            return .eightBit(try readEightBit(tiff, width: width, height: height, path: path))
        }
    }

    /// Opens the first image of the file in `data` and hands it to `body` with its size, checked against the limit.
    private static func open<Decoded>(
        _ data: [UInt8], path: String, maximumDimension: Int,
        body: (TIFFOpenFile, Int, Int) throws(ImageFileError) -> Decoded
    ) throws(ImageFileError) -> Decoded {
        let tiff = try TIFFFunctions.require(for: path)
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageFileError) -> Decoded in
                let reader = TIFFMemoryReader(bytes)
                let handle = Unmanaged.passUnretained(reader).toOpaque()
                // Ends any use of `reader` by libtiff before it may be released.
                defer { withExtendedLifetime(reader) {} }

                guard let options = tiff.allocateOptions() else {
                    throw ImageFileError(path: path, message: "cannot start libtiff")
                }
                defer { tiff.freeOptions(options) }
                tiff.setErrorHandler(options, unsafeBitCast(TIFFMemoryReader.error, to: UnsafeRawPointer.self), handle)
                tiff.setWarningHandler(options, unsafeBitCast(TIFFMemoryReader.warning, to: UnsafeRawPointer.self), handle)
                // The largest buffer an image within the limit needs is a strip holding all of it at 16-bit RGBA; a
                // header asking for more is hostile, and libtiff refuses it instead of allocating.
                tiff.setMaximumAllocation(options, TIFFOpenFile.allocationLimit(maximumDimension: maximumDimension))

                guard let opened = tiff.clientOpen(
                    TIFFMemoryReader.name, "r", handle, TIFFMemoryReader.read, TIFFMemoryReader.write, TIFFMemoryReader.seek,
                    TIFFMemoryReader.close, TIFFMemoryReader.size, TIFFMemoryReader.map, TIFFMemoryReader.unmap, options)
                else {
                    throw TIFFOpenFile.corrupt(path: path, reader: reader)
                }
                defer { tiff.close(opened) }
                let file = TIFFOpenFile(handle: opened, library: tiff, reader: reader, maximumDimension: maximumDimension)
                let width = Int(file.field(TIFFTAG_IMAGEWIDTH, as: UInt32.self) ?? 0)
                let height = Int(file.field(TIFFTAG_IMAGELENGTH, as: UInt32.self) ?? 0)
                _ = try ImageSize.rgbaByteCount(width: width, height: height, maximumDimension: maximumDimension, path: path)
                return try body(file, width, height)
            }
        }
        return try result.get()
    }

    private static func readEightBit(_ tiff: TIFFOpenFile, width: Int, height: Int, path: String) throws(ImageFileError) -> RGBAImage {
        var raster = [UInt32](repeating: 0, count: width * height)
        let status = raster.withUnsafeMutableBufferPointer { pixels in
            tiff.library.readRGBAImage(tiff.handle, UInt32(width), UInt32(height), pixels.baseAddress, ORIENTATION_TOPLEFT, 1)
        }
        guard status != 0, tiff.reader.firstError == nil else {
            throw TIFFOpenFile.corrupt(path: path, reader: tiff.reader)
        }
        return RGBAImage(width: width, height: height, pixels: straightRGBA(fromPremultiplied: raster))
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
}

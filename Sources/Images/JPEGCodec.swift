import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG 2.1 API, which catches libjpeg's longjmp errors internally and returns -1
/// with a per-handle message.
enum JPEGCodec {
    /// What the four bytes of each source pixel mean when encoding.
    enum SourceLayout {
        case rgba
        /// Adobe-style inverted CMYK (255 = no ink), stored as a YCCK JPEG.
        case cmyk
    }

    /// How colour is kept when encoding.
    enum Chroma {
        /// 4:4:4: fixtures have one-pixel colour edges that 4:2:0 would smear.
        case full
        /// One luminance channel; the file decodes as grey.
        case greyscale
    }

    // Warnings mean damaged data (most often a truncated file, which libjpeg would pad with grey), so they fail the
    // decode rather than yield a plausible-looking wrong image. LIMITSCANS refuses progressive files with absurd
    // scan counts, which could otherwise take minutes to decode.
    private static let decodeFlags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS

    static func decode(_ data: [UInt8], path: String, maximumDimension: Int) throws(ImageFileError) -> RGBAImage {
        guard let handle = tjInitDecompress() else {
            throw ImageFileError(path: path, message: "cannot start the JPEG decoder (\(String(cString: tjGetErrorStr2(nil))))")
        }
        defer { tjDestroy(handle) }

        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let headerStatus = data.withUnsafeBufferPointer { bytes in
            tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard headerStatus == 0 else {
            throw corrupt(path: path, handle: handle)
        }
        // A file cut before its frame header reads as tables only: success, with no size.
        guard width > 0, height > 0 else {
            throw ImageFileError(path: path, message: "the JPEG file is truncated or corrupt (it has no image frame)")
        }
        let byteCount = try ImageSize.rgbaByteCount(
            width: Int(width), height: Int(height), maximumDimension: maximumDimension, path: path)

        // TurboJPEG will not convert CMYK to RGB (that needs colour management), so those files come out as CMYK,
        // which also has four bytes per pixel, and are converted below.
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let pixelFormat = isCMYK ? TJPF_CMYK : TJPF_RGBA

        var status: Int32 = -1
        // Uninitialised storage: the decoder writes every byte, and zero-filling first would double the cost.
        var pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            status = data.withUnsafeBufferPointer { bytes in
                tjDecompress2(
                    handle, bytes.baseAddress, UInt(bytes.count), buffer.baseAddress,
                    width, width * 4, height, Int32(pixelFormat.rawValue), decodeFlags)
            }
            initializedCount = status == 0 ? byteCount : 0
        }
        guard status == 0 else {
            throw corrupt(path: path, handle: handle)
        }
        if isCMYK {
            convertInvertedCMYKToRGBA(&pixels)
        }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// The naive conversion (no colour profile) for Adobe-style inverted CMYK, which is what Photoshop and nearly
    /// every other CMYK JPEG writer stores: each channel holds 255 minus the ink.
    private static func convertInvertedCMYKToRGBA(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            for start in stride(from: 0, to: buffer.count, by: 4) {
                let key = UInt16(buffer[start + 3])
                for channel in 0..<3 {
                    buffer[start + channel] = UInt8((UInt16(buffer[start + channel]) * key + 127) / 255)
                }
                buffer[start + 3] = 255
            }
        }
    }

    static func encode(_ image: RGBAImage, quality: Int) throws(ImageFileError) -> [UInt8] {
        try encode(image, quality: quality, layout: .rgba, chroma: .full)
    }

    static func encode(_ image: RGBAImage, quality: Int, layout: SourceLayout, chroma: Chroma) throws(ImageFileError) -> [UInt8] {
        try ImageSize.validateForEncoding(image)
        guard (1...100).contains(quality) else {
            throw ImageFileError(path: "", message: "JPEG quality \(quality) is outside 1...100")
        }
        guard let handle = tjInitCompress() else {
            throw ImageFileError(path: "", message: "cannot start the JPEG encoder (\(String(cString: tjGetErrorStr2(nil))))")
        }
        defer { tjDestroy(handle) }

        let pixelFormat = layout == .cmyk ? TJPF_CMYK : TJPF_RGBA
        let subsampling = chroma == .greyscale ? TJSAMP_GRAY : TJSAMP_444
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        // TurboJPEG allocates the output itself (no TJFLAG_NOREALLOC), so it must be released with tjFree.
        defer { tjFree(output) }
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle, pixels.baseAddress, Int32(image.width), Int32(image.width * 4), Int32(image.height),
                Int32(pixelFormat.rawValue), &output, &size, Int32(subsampling.rawValue), Int32(quality), 0)
        }
        guard status == 0, let output else {
            throw ImageFileError(path: "", message: "cannot encode the JPEG (libjpeg-turbo: \(String(cString: tjGetErrorStr2(handle))))")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private static func corrupt(path: String, handle: tjhandle) -> ImageFileError {
        ImageFileError(
            path: path,
            message: "the JPEG file is truncated or corrupt (libjpeg-turbo: \(String(cString: tjGetErrorStr2(handle))))")
    }
}

import CWebP

/// WebP through libwebp's advanced decoding API, lossy and lossless, with or without alpha; libwebp reports
/// failures as status codes and never prints.
enum WebPCodec {
    static func decode(_ data: [UInt8], path: String, maximumDimension: Int) throws(ImageFileError) -> RGBAImage {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImageFileError(path: path, message: "cannot start libwebp (its header and library differ)")
        }
        let featuresStatus = data.withUnsafeBufferPointer { bytes in
            WebPGetFeatures(bytes.baseAddress, bytes.count, &config.input)
        }
        guard featuresStatus == VP8_STATUS_OK else {
            throw failure(featuresStatus, path: path)
        }
        // The still-image decoder refuses animations; say what will take one instead.
        guard config.input.has_animation == 0 else {
            throw ImageFileError(path: path, message: "animated WebP files are not supported; save the frames as numbered images for a sequence node")
        }
        let width = Int(config.input.width)
        let height = Int(config.input.height)
        let byteCount = try ImageSize.rgbaByteCount(width: width, height: height, maximumDimension: maximumDimension, path: path)

        var status = VP8_STATUS_OK
        // Uninitialised storage: libwebp writes every byte on success.
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            // Straight alpha (MODE_rgbA would premultiply), into this array rather than memory libwebp allocates.
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(width * 4)
            config.output.u.RGBA.size = byteCount
            status = data.withUnsafeBufferPointer { bytes in
                WebPDecode(bytes.baseAddress, bytes.count, &config)
            }
            initializedCount = status == VP8_STATUS_OK ? byteCount : 0
        }
        // External memory is not freed by this, but anything libwebp kept beside it is.
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else {
            throw failure(status, path: path)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func failure(_ status: VP8StatusCode, path: String) -> ImageFileError {
        let reason = switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: "the WebP file is truncated"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "the WebP file uses a feature libwebp does not support"
        case VP8_STATUS_OUT_OF_MEMORY: "there is not enough memory to decode the WebP file"
        default: "the WebP file is corrupt"
        }
        return ImageFileError(path: path, message: "\(reason) (libwebp status \(status.rawValue))")
    }
}

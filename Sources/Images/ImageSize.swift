/// Validates the dimensions a file declares before anything is allocated for them, so a hostile header cannot
/// make the process allocate gigabytes or overflow a size computation.
enum ImageSize {
    /// The byte count of an RGBA8 buffer for `width`×`height`, or the error naming why there must be none.
    /// Never zero, so the decoders' `unsafeUninitializedCapacity` buffers never write into Swift's shared
    /// empty-array storage, which other threads use too.
    static func rgbaByteCount(width: Int, height: Int, maximumDimension: Int, path: String) throws(ImageFileError) -> Int {
        guard width > 0, height > 0 else {
            throw ImageFileError(path: path, message: "image is \(width)×\(height), which has no pixels")
        }
        guard width <= maximumDimension, height <= maximumDimension else {
            throw ImageFileError(
                path: path,
                message: "image is \(width)×\(height), larger than the \(maximumDimension)×\(maximumDimension) limit")
        }
        let (pixelCount, pixelOverflow) = width.multipliedReportingOverflow(by: height)
        let (byteCount, byteOverflow) = pixelCount.multipliedReportingOverflow(by: 4)
        // Row strides reach the C libraries as 32-bit ints.
        guard !pixelOverflow, !byteOverflow, width <= Int(Int32.max) / 4 else {
            throw ImageFileError(path: path, message: "image is \(width)×\(height), too large to hold in memory")
        }
        return byteCount
    }

    /// Rejects images whose stored fields disagree, since `width`, `height` and `pixels` are separately mutable and
    /// the encoders hand the buffer to C, which trusts the dimensions.
    static func validateForEncoding(_ image: RGBAImage) throws(ImageFileError) {
        let byteCount = try rgbaByteCount(width: image.width, height: image.height, maximumDimension: Int(Int32.max), path: "")
        guard image.pixels.count == byteCount else {
            throw ImageFileError(
                path: "",
                message: "image is \(image.width)×\(image.height), which needs \(byteCount) bytes of RGBA, but has \(image.pixels.count)")
        }
    }
}

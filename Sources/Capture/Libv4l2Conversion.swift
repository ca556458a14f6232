import VideoFrames

/// What libv4l2's format emulation (libv4lconvert) really delivers, which the format it reports does not say:
/// it reports the colorimetry of the device's own format it converts from, whatever the conversion did to the
/// samples. YCbCr it only repacks keeps its codes; YCbCr it computes from RGB, Bayer or grey is limited-range
/// BT.601; RGB it computes from YCbCr keeps the YCbCr's range, limited or not, while JPEG is decoded to full range.
enum Libv4l2Conversion {
    /// Formats whose samples are luma and chroma, which libv4lconvert repacks or turns into RGB without
    /// stretching their range.
    static let ycbcrFormats: Set<String> = ["YUYV", "YVYU", "UYVY", "VYUY", "NV12", "NV21", "NV16", "NV61", "YU12", "YV12",
                                            "422P", "M420", "HM12", "S501", "S505", "S508", "CITV", "KONI", "S920", "CPIA",
                                            "O511", "O518"]
    /// JPEG and its variants: full-range BT.601 YCbCr by definition, whatever a driver reports.
    static let jpegFormats: Set<String> = ["MJPG", "JPEG", "PJPG", "JPGL"]

    /// `delivered` as it really is when libv4l2 makes it from the device's `own` format; unchanged when the
    /// device sends it itself.
    static func format(_ delivered: CameraFormat, madeFrom own: DriverFormat) -> CameraFormat {
        guard own.fourcc != delivered.format.fourcc || own.width != delivered.width || own.height != delivered.height else {
            return delivered
        }
        var format = delivered
        format.convertedFrom = own.fourcc
        let source = CameraPixelFormat.name(of: own.fourcc)
        if jpegFormats.contains(source) {
            format.encoding = ColorEncoding(matrix: .bt601, range: .full)
        } else if ycbcrFormats.contains(source) {
            format.encoding = ColorEncoding(colorspace: own.colorspace, ycbcrEncoding: own.ycbcrEncoding,
                                            quantization: own.quantization, isRGB: false)
        } else {
            format.encoding = ColorEncoding(matrix: .bt601, range: delivered.format.isYCbCr ? .limited : .full)
        }
        return format
    }
}

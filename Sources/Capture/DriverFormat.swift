import VideoFrames

/// A format as a driver states it (`v4l2_pix_format`), before anyone knows whether the workbench takes it.
public struct DriverFormat: Sendable, Hashable, CustomStringConvertible {
    public var fourcc: UInt32
    public var width: Int
    public var height: Int
    public var bytesPerLine: Int
    public var byteCount: Int
    /// The driver's colorspace, ycbcr_enc and quantization fields, 0 where it leaves them to the defaults.
    public var colorspace: UInt32
    public var ycbcrEncoding: UInt32
    public var quantization: UInt32

    public init(fourcc: UInt32, width: Int, height: Int, bytesPerLine: Int = 0, byteCount: Int = 0, colorspace: UInt32 = 0,
                ycbcrEncoding: UInt32 = 0, quantization: UInt32 = 0) {
        self.fourcc = fourcc
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.byteCount = byteCount
        self.colorspace = colorspace
        self.ycbcrEncoding = ycbcrEncoding
        self.quantization = quantization
    }

    /// What the camera delivers in this format, when the workbench takes it.
    public var cameraFormat: CameraFormat? {
        guard let format = CameraPixelFormat(fourcc: fourcc) else { return nil }
        let encoding = ColorEncoding(colorspace: colorspace, ycbcrEncoding: ycbcrEncoding, quantization: quantization,
                                     isRGB: !format.isYCbCr)
        return CameraFormat(format: format, width: width, height: height, bytesPerLine: bytesPerLine, byteCount: byteCount,
                            encoding: encoding)
    }

    public var description: String { "\(CameraPixelFormat.name(of: fourcc)) \(width)×\(height)" }
}

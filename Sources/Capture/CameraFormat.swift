import VideoFrames

/// What a camera agreed to deliver, as negotiated with the driver.
public struct CameraFormat: Sendable, Hashable, CustomStringConvertible {
    public var format: CameraPixelFormat
    public var width: Int
    public var height: Int
    /// Bytes from one row of the first plane to the next (drivers may pad rows).
    public var bytesPerLine: Int
    /// Bytes of a whole frame (for MJPEG, the most a frame can take).
    public var byteCount: Int
    /// How the samples map to RGB: for YCbCr the matrix and range, for RGB the range of its codes.
    public var encoding: ColorEncoding
    /// The device's own format, when libv4l2 converts from it on the CPU; nil when frames come as the device
    /// sends them.
    public var convertedFrom: UInt32?
    /// The format as its source names it: the four-character code for V4L2, PipeWire's name (RGBx, I420…) for
    /// PipeWire cameras.
    public var formatName: String

    public init(format: CameraPixelFormat, width: Int, height: Int, bytesPerLine: Int, byteCount: Int, encoding: ColorEncoding) {
        self.format = format
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.byteCount = byteCount
        self.encoding = encoding
        formatName = format.rawValue
    }

    /// How the frames handed to the GPU lie: as the driver delivers them, or tightly packed RGBA for MJPEG,
    /// which is decoded on the capture thread.
    public var frameLayout: FrameLayout {
        if format == .mjpeg {
            return FrameLayout(contiguous: .rgba, width: width, height: height, bytesPerRow: width * 4, encoding: encoding)
        }
        return FrameLayout(contiguous: format.planeFormat, width: width, height: height, bytesPerRow: bytesPerLine,
                           encoding: encoding, rgbRange: format.isYCbCr ? .full : encoding.range)
    }

    public var description: String {
        let shape = "\(formatName) \(width)×\(height)"
        let described = format.isYCbCr ? "\(shape), \(encoding)" : encoding.range == .limited ? "\(shape), limited range" : shape
        return convertedFrom.map { "\(described), converted on the CPU by libv4l2 from \(CameraPixelFormat.name(of: $0))" } ?? described
    }
}

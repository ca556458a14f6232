/// How the bytes of a captured frame are laid out, as negotiated with the driver.
public struct FrameLayout: Sendable, Hashable, CustomStringConvertible {
    public var format: CameraPixelFormat
    public var width: Int
    public var height: Int
    /// Bytes from one row of the first plane to the next (drivers may pad rows).
    public var bytesPerLine: Int
    /// Bytes of a whole frame (for MJPEG, the most a frame can take).
    public var byteCount: Int
    public var encoding: ColorEncoding

    public init(format: CameraPixelFormat, width: Int, height: Int, bytesPerLine: Int, byteCount: Int, encoding: ColorEncoding) {
        self.format = format
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.byteCount = byteCount
        self.encoding = encoding
    }

    public var description: String {
        format.isYCbCr ? "\(format.rawValue) \(width)×\(height), \(encoding)" : "\(format.rawValue) \(width)×\(height)"
    }
}

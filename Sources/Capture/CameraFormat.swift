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
    public var encoding: ColorEncoding

    public init(format: CameraPixelFormat, width: Int, height: Int, bytesPerLine: Int, byteCount: Int, encoding: ColorEncoding) {
        self.format = format
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.byteCount = byteCount
        self.encoding = encoding
    }

    /// How the frames handed to the GPU lie: as the driver delivers them, or tightly packed RGBA for MJPEG,
    /// which is decoded on the capture thread.
    public var frameLayout: FrameLayout {
        if format == .mjpeg {
            return FrameLayout(contiguous: .rgba, width: width, height: height, bytesPerRow: width * 4, encoding: encoding)
        }
        return FrameLayout(contiguous: format.planeFormat, width: width, height: height, bytesPerRow: bytesPerLine,
                           encoding: encoding)
    }

    public var description: String {
        format.isYCbCr ? "\(format.rawValue) \(width)×\(height), \(encoding)" : "\(format.rawValue) \(width)×\(height)"
    }
}

/// Where each plane of a frame lies in its bytes, with the colour description and orientation the GPU needs
/// to turn it into an upright RGBA image of the right shape.
public struct FrameLayout: Sendable, Hashable, CustomStringConvertible {
    /// One plane: where it starts in the frame's bytes, and the bytes from one of its rows to the next.
    public struct Plane: Sendable, Hashable {
        public var offset: Int
        public var bytesPerRow: Int

        public init(offset: Int, bytesPerRow: Int) {
            self.offset = offset
            self.bytesPerRow = bytesPerRow
        }
    }

    public var format: PlaneFormat
    /// The stored size in pixels, before rotation and pixel aspect.
    public var width: Int
    public var height: Int
    /// In memory order (Cr before Cb for YV12), one per plane of the format.
    public var planes: [Plane]
    /// Bytes the frame needs: the end of its last plane.
    public var byteCount: Int
    /// How YCbCr samples map to RGB; unused by RGB formats.
    public var encoding: ColorEncoding
    /// The range of RGB samples' codes: full, unless a source says its RGB spans only 16–235 (capture
    /// devices may, and libv4l2's RGB made from limited-range YCbCr does); unused by YCbCr formats.
    public var rgbRange: ColorEncoding.Range
    /// Clockwise quarter turns that make the image upright (a phone's portrait movie: 1).
    public var quarterTurns: Int
    /// The width of a stored pixel against its height (anamorphic movies: not 1).
    public var pixelAspect: Double
    /// Whether every pixel's fourth byte is 255, as in RGBA converted from YCbCr. Other RGBA frames (a camera's
    /// padding byte, a movie's alpha) are shown opaque by the conversion pass.
    public var isOpaque: Bool

    public init(format: PlaneFormat, width: Int, height: Int, planes: [Plane], byteCount: Int,
                encoding: ColorEncoding, rgbRange: ColorEncoding.Range = .full, quarterTurns: Int = 0, pixelAspect: Double = 1,
                isOpaque: Bool = false) {
        self.format = format
        self.width = width
        self.height = height
        self.planes = planes
        self.byteCount = byteCount
        self.encoding = encoding
        self.rgbRange = rgbRange
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.pixelAspect = pixelAspect > 0 && pixelAspect.isFinite ? pixelAspect : 1
        self.isOpaque = isOpaque
    }

    /// A layout whose planes follow one another, each row `bytesPerRow` of the first plane scaled by the
    /// chroma subsampling: how V4L2 drivers lay out multi-planar formats in a single buffer.
    public init(contiguous format: PlaneFormat, width: Int, height: Int, bytesPerRow: Int, encoding: ColorEncoding,
                rgbRange: ColorEncoding.Range = .full) {
        let (horizontal, vertical) = format.chromaSubsampling
        var planes = [Plane(offset: 0, bytesPerRow: bytesPerRow)]
        var end = bytesPerRow * height
        let chromaHeight = (height + vertical - 1) / vertical
        switch format {
        case .nv12:
            planes.append(Plane(offset: end, bytesPerRow: bytesPerRow))
            end += bytesPerRow * chromaHeight
        case .i420, .yv12, .yuv422p, .yuv444p:
            let chromaRow = bytesPerRow / horizontal
            for _ in 0..<2 {
                planes.append(Plane(offset: end, bytesPerRow: chromaRow))
                end += chromaRow * chromaHeight
            }
        case .yuyv, .uyvy, .rgb24, .bgr24, .rgba, .bgra:
            break
        }
        self.init(format: format, width: width, height: height, planes: planes, byteCount: end, encoding: encoding,
                  rgbRange: rgbRange)
    }

    /// The size of the upright image: stretched by the pixel aspect, then turned.
    public var displaySize: (width: Int, height: Int) {
        var width = width, height = height
        if pixelAspect > 1 {
            width = Int((Double(width) * pixelAspect).rounded())
        } else if pixelAspect < 1 {
            height = Int((Double(height) / pixelAspect).rounded())
        }
        return quarterTurns % 2 == 0 ? (width, height) : (height, width)
    }

    public var description: String {
        let base = "\(format.rawValue) \(width)×\(height)"
        if format.isYCbCr { return "\(base), \(encoding)" }
        return rgbRange == .limited ? "\(base), limited range" : base
    }
}

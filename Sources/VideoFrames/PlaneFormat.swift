/// How a frame's samples lie in memory: which planes there are and what each holds. Cameras and movies both
/// deliver one of these; the GPU converts each to RGBA in a shader.
public enum PlaneFormat: String, CaseIterable, Sendable, Hashable {
    /// Packed 4:2:2, Y0 Cb Y1 Cr in one plane.
    case yuyv
    /// Packed 4:2:2, Cb Y0 Cr Y1 in one plane.
    case uyvy
    /// 4:2:0: a luma plane, then one plane of interleaved Cb Cr at half width and height.
    case nv12
    /// 4:2:0: luma, Cb and Cr planes (I420, FFmpeg's yuv420p).
    case i420
    /// 4:2:0: luma, Cr and Cb planes.
    case yv12
    /// 4:2:2 planar: chroma planes at half width, full height.
    case yuv422p
    /// 4:4:4 planar: three full-size planes.
    case yuv444p
    case rgb24
    case bgr24
    /// Tightly packed RGBA, 8 bits a channel: frames decoded or converted on the CPU, and RGBx cameras.
    case rgba
    /// BGRA (or BGRx), 8 bits a channel: PipeWire cameras and screens.
    case bgra

    /// Whether its samples are luma and chroma, and so need a YCbCr matrix, rather than RGB.
    public var isYCbCr: Bool {
        switch self {
        case .rgb24, .bgr24, .rgba, .bgra: false
        default: true
        }
    }

    /// How many planes the format has.
    public var planeCount: Int {
        switch self {
        case .yuyv, .uyvy, .rgb24, .bgr24, .rgba, .bgra: 1
        case .nv12: 2
        case .i420, .yv12, .yuv422p, .yuv444p: 3
        }
    }

    /// The divisors of a chroma plane's width and height against the luma plane's (1 for full resolution).
    public var chromaSubsampling: (horizontal: Int, vertical: Int) {
        switch self {
        case .nv12, .i420, .yv12: (2, 2)
        case .yuyv, .uyvy, .yuv422p: (2, 1)
        case .yuv444p, .rgb24, .bgr24, .rgba, .bgra: (1, 1)
        }
    }
}

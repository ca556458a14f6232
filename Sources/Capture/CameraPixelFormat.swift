import Foundation
import VideoFrames

/// The pixel formats a camera can deliver that the workbench takes, by their V4L2 four-character codes.
public enum CameraPixelFormat: String, CaseIterable, Sendable, Hashable {
    /// Packed 4:2:2, Y0 Cb Y1 Cr: uploaded as a half-width RGBA texture.
    case yuyv = "YUYV"
    /// Packed 4:2:2, Cb Y0 Cr Y1.
    case uyvy = "UYVY"
    /// 4:2:0 with a full luma plane and one interleaved CbCr plane at half size.
    case nv12 = "NV12"
    /// 4:2:0 with three planes, Y then Cb then Cr (I420). What libv4l2 offers for NV12 cameras.
    case yu12 = "YU12"
    /// 4:2:0 with three planes, Y then Cr then Cb.
    case yv12 = "YV12"
    case rgb24 = "RGB3"
    case bgr24 = "BGR3"
    /// Motion JPEG: decoded on the capture thread, the one format converted on the CPU.
    case mjpeg = "MJPG"

    public init?(fourcc: UInt32) {
        let characters = (0..<4).map { Character(Unicode.Scalar(UInt8((fourcc >> ($0 * 8)) & 0xff))) }
        self.init(rawValue: String(characters))
    }

    public var fourcc: UInt32 {
        rawValue.utf8.enumerated().reduce(0) { $0 | UInt32($1.element) << UInt32($1.offset * 8) }
    }

    /// Order of preference: formats the GPU takes as they come first, then RGB, then the one that needs a decoder.
    public var preference: Int {
        switch self {
        case .yuyv, .uyvy: 0
        case .nv12, .yu12, .yv12: 1
        case .rgb24, .bgr24: 2
        case .mjpeg: 3
        }
    }

    public var isCompressed: Bool { self == .mjpeg }

    /// How its frames lie in memory once captured (MJPEG arrives decoded to RGBA).
    public var planeFormat: PlaneFormat {
        switch self {
        case .yuyv: .yuyv
        case .uyvy: .uyvy
        case .nv12: .nv12
        case .yu12: .i420
        case .yv12: .yv12
        case .rgb24: .rgb24
        case .bgr24: .bgr24
        case .mjpeg: .rgba
        }
    }

    /// Whether its samples are luma and chroma (and so need a YCbCr matrix) rather than RGB.
    public var isYCbCr: Bool {
        switch self {
        case .rgb24, .bgr24, .mjpeg: false
        default: true
        }
    }

    /// The four-character code as text for any format, including ones the workbench does not take.
    public static func name(of fourcc: UInt32) -> String {
        String((0..<4).map { Character(Unicode.Scalar(UInt8((fourcc >> ($0 * 8)) & 0xff))) })
            .trimmingCharacters(in: .whitespaces)
    }
}

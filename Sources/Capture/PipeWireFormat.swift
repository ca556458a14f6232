import PipeWireBridge
import VideoFrames

/// The pixel formats the workbench takes from PipeWire cameras and gives its output in, by PipeWire's names.
public enum PipeWireFormat: UInt32, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case yuy2 = 1, uyvy, nv12, i420, yv12, rgbx, bgrx, rgba, bgra, rgb, bgr, mjpg

    init?(bridge value: UInt32) {
        self.init(rawValue: value)
    }

    var bridgeValue: UInt32 { rawValue }

    public var description: String {
        switch self {
        case .yuy2: "YUY2"
        case .uyvy: "UYVY"
        case .nv12: "NV12"
        case .i420: "I420"
        case .yv12: "YV12"
        case .rgbx: "RGBx"
        case .bgrx: "BGRx"
        case .rgba: "RGBA"
        case .bgra: "BGRA"
        case .rgb: "RGB"
        case .bgr: "BGR"
        case .mjpg: "MJPG"
        }
    }

    /// How its frames lie in memory once captured (MJPG arrives decoded to RGBA; the fourth byte of RGBx and
    /// BGRx is padding, which the conversion shows opaque).
    var planeFormat: PlaneFormat {
        switch self {
        case .yuy2: .yuyv
        case .uyvy: .uyvy
        case .nv12: .nv12
        case .i420: .i420
        case .yv12: .yv12
        case .rgbx, .rgba, .mjpg: .rgba
        case .bgrx, .bgra: .bgra
        case .rgb: .rgb24
        case .bgr: .bgr24
        }
    }

    /// Bytes a row takes when the sender does not say: a packed row, or a planar format's luma row.
    func defaultBytesPerRow(width: Int) -> Int {
        switch self {
        case .yuy2, .uyvy: width * 2
        case .nv12, .i420, .yv12: width
        case .rgbx, .bgrx, .rgba, .bgra, .mjpg: width * 4
        case .rgb, .bgr: width * 3
        }
    }

    /// What a capture offers, best first: formats the GPU takes as they come, RGB, then the one that needs a
    /// decoder (the order V4L2 cameras are chosen in).
    static let captureOrder: [PipeWireFormat] = [.yuy2, .uyvy, .nv12, .i420, .yv12, .rgbx, .bgrx, .rgba, .bgra, .rgb, .bgr, .mjpg]

    /// The PipeWire format a composition's `format:` (a V4L2 four-character code) names, if there is one.
    init?(_ format: CameraPixelFormat) {
        switch format {
        case .yuyv: self = .yuy2
        case .uyvy: self = .uyvy
        case .nv12: self = .nv12
        case .yu12: self = .i420
        case .yv12: self = .yv12
        case .rgb24: self = .rgb
        case .bgr24: self = .bgr
        case .mjpeg: self = .mjpg
        }
    }

    /// The format a name such as `YUY2` or `nv12` means, for `--output pipewire` settings.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.description.lowercased() == name.lowercased() }) else { return nil }
        self = found
    }
}

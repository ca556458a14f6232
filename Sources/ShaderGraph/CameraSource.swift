import ShaderLanguage

/// A live camera node: which device, and the size, rate and format it asks for.
public struct CameraSource: Sendable, Hashable {
    public var device: CameraSelector
    /// Nil asks for the render size (see `requestedSize`); the device gives the nearest it has.
    public var size: PixelSize?
    public var frameRate: Double?
    /// A four-character code the user insists on (`YUYV`, `MJPG`, …); nil lets the workbench choose.
    public var format: String?
    /// Where the device is named, for errors about it.
    public var location: SourceLocation

    public init(device: CameraSelector = .auto, size: PixelSize? = nil, frameRate: Double? = nil, format: String? = nil,
                location: SourceLocation) {
        self.device = device
        self.size = size
        self.frameRate = frameRate
        self.format = format
        self.location = location
    }

    /// What a camera asks for when nothing says: a common size most cameras have.
    public static let defaultSize = PixelSize(width: 1280, height: 720)

    /// The size to ask the device for: the node's own, else the size the frame is rendered at (`--size`),
    /// else the composition's, else the default. A camera asked for the size it is shown at is not cropped or
    /// scaled for nothing.
    public func requestedSize(renderSize: PixelSize?, compositionSize: PixelSize?) -> PixelSize {
        size ?? renderSize ?? compositionSize ?? Self.defaultSize
    }

    public static func == (a: CameraSource, b: CameraSource) -> Bool {
        a.device == b.device && a.size == b.size && a.frameRate == b.frameRate && a.format == b.format
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(size)
        hasher.combine(frameRate)
        hasher.combine(format)
    }
}

/// How a camera node names its device.
public enum CameraSelector: Sendable, Hashable, CustomStringConvertible {
    /// The first capture device; the moving test pattern when there is none.
    case auto
    /// A device node such as `/dev/video2`.
    case path(String)
    /// The n-th capture device, counting from 0.
    case index(Int)
    /// The first device whose card name contains this text (case-insensitive).
    case name(String)
    /// A PipeWire camera node (`pipewire:NAME`): by its node name, serial or id, or the first whose description
    /// contains the text; empty (`pipewire`) takes the first PipeWire camera.
    case pipewire(String)

    /// What marks a PipeWire camera in a `device:` or `--input camera:…`.
    public static let pipewirePrefix = "pipewire"

    public init(parsing text: String) {
        if text == "auto" || text.isEmpty {
            self = .auto
        } else if text == Self.pipewirePrefix {
            self = .pipewire("")
        } else if text.hasPrefix(Self.pipewirePrefix + ":") {
            self = .pipewire(String(text.dropFirst(Self.pipewirePrefix.count + 1)))
        } else if text.hasPrefix("/") {
            self = .path(text)
        } else if let index = Int(text), index >= 0 {
            self = .index(index)
        } else {
            self = .name(text)
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .path(let path): path
        case .index(let index): "\(index)"
        case .name(let name): "\"\(name)\""
        case .pipewire(let node): node.isEmpty ? Self.pipewirePrefix : "\(Self.pipewirePrefix):\(node)"
        }
    }
}

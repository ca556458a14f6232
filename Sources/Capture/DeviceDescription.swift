/// A V4L2 capture device as `shaderbench devices` lists it.
public struct DeviceDescription: Sendable, Hashable {
    public struct FrameSize: Sendable, Hashable {
        public var width: Int
        public var height: Int
        /// Frames per second the device offers at this size.
        public var rates: [Double]

        public init(width: Int, height: Int, rates: [Double] = []) {
            self.width = width
            self.height = height
            self.rates = rates
        }
    }

    public struct Format: Sendable, Hashable {
        public var fourcc: UInt32
        /// The driver's own name for it.
        public var name: String
        public var sizes: [FrameSize]
        /// Made by libv4l2 on the CPU from one of the device's own formats (V4L2_FMT_FLAG_EMULATED).
        public var isEmulated: Bool

        public init(fourcc: UInt32, name: String, sizes: [FrameSize], isEmulated: Bool = false) {
            self.fourcc = fourcc
            self.name = name
            self.sizes = sizes
            self.isEmulated = isEmulated
        }

        /// The format when the workbench can take it.
        public var pixelFormat: CameraPixelFormat? { CameraPixelFormat(fourcc: fourcc) }
    }

    public var path: String
    /// The device's index among the capture devices found, as `device: 0` selects it.
    public var index: Int
    public var card: String
    public var driver: String
    public var bus: String
    public var formats: [Format]
    /// Another program holds the device, so it could not be opened to ask what it offers: its card name
    /// comes from sysfs, and its driver, bus and formats are unknown.
    public var isBusy = false

    /// The node's name, with its card when known: how messages name a camera.
    public var name: String { card.isEmpty ? path : "\(path) (\(card))" }
}

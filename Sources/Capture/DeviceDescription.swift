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

        public init(fourcc: UInt32, name: String, sizes: [FrameSize]) {
            self.fourcc = fourcc
            self.name = name
            self.sizes = sizes
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
}

/// What a camera node asks of its device; the driver gives the nearest it has.
public struct CaptureRequest: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var frameRate: Double
    /// A format the user insists on; nil lets the workbench choose.
    public var format: CameraPixelFormat?

    public init(width: Int = 1280, height: Int = 720, frameRate: Double = 30, format: CameraPixelFormat? = nil) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.format = format
    }
}

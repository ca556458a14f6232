/// When a frame is: its index and its time in seconds. Batch renders use `index / fps`, so a frame's
/// pixels depend only on its index and ranges rendered separately are identical.
public struct FrameTime: Hashable, Sendable {
    public var index: Int
    public var seconds: Double

    public init(index: Int, seconds: Double) {
        self.index = index
        self.seconds = seconds
    }

    public init(index: Int, fps: Double) {
        self.init(index: index, seconds: Double(index) / fps)
    }
}

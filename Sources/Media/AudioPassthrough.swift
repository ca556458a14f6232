/// Sound taken from another movie and copied into the one being written, packet for packet: the span
/// [start, start + duration) of the source's audio, moved so that `start` plays at the movie's beginning.
public struct AudioPassthrough: Sendable, Hashable {
    public var sourcePath: String
    /// Seconds into the source where the movie's sound begins.
    public var start: Double
    /// Seconds of sound to copy; nil copies to the end of the source.
    public var duration: Double?

    public init(sourcePath: String, start: Double = 0, duration: Double? = nil) {
        self.sourcePath = sourcePath
        self.start = start
        self.duration = duration
    }
}

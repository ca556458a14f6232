import ShaderLanguage

/// `kind: buffer`: numbers read out of a compute node's storage buffer, elements `start ..< start + count` of the
/// block's last array, every component of each, after the node's kernels have run in the same frame.
public struct BufferRead: Sendable {
    /// The compute node.
    public var input: Wire
    /// The name of its `buffer` block.
    public var buffer: String
    public var start: Int
    public var count: Int
    /// How many numbers an element holds: settled from the compute node's buffer once every node is read
    /// (`ValueShapes`), 1 until then.
    public var elementComponents = 1
    public var bufferLocation: SourceLocation
    /// Where the range is written: its `count:` key, else its `start:` key, else the node.
    public var rangeLocation: SourceLocation

    /// A value carries 16 numbers at most, as a constant does.
    public static let maximumNumbers = 16

    public var componentCount: Int { count * elementComponents }

    public init(input: Wire, buffer: String, start: Int, count: Int, bufferLocation: SourceLocation, rangeLocation: SourceLocation) {
        self.input = input
        self.buffer = buffer
        self.start = start
        self.count = count
        self.bufferLocation = bufferLocation
        self.rangeLocation = rangeLocation
    }
}

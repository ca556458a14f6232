/// A `pick` node: an image's colour under the pointer, taken when the left button goes down.
public struct PickedColour: Sendable {
    public var input: Wire
    /// r g b a until the first click.
    public var initial: [Float]

    public init(input: Wire, initial: [Float] = [0, 0, 0, 1]) {
        self.input = input
        self.initial = initial
    }
}

/// A `drag` node: a number that dragging sideways changes, by `scale` per output width, kept in `range`.
public struct DraggedValue: Sendable {
    public var initial: Float
    public var range: ClosedRange<Float>
    public var scale: Float

    public init(initial: Float = 0, range: ClosedRange<Float> = 0...1, scale: Float = 1) {
        self.initial = initial
        self.range = range
        self.scale = scale
    }
}

/// One entry of an ISF header's `PASSES`: a draw of the same fragment shader, with `PASSINDEX` set to its
/// position in the list. Passes run in order every frame; the last one draws the node's output.
public struct ISFPass: Hashable, Sendable {
    /// TARGET: the buffer this pass draws into. The prelude declares a `sampler2D` of this name, through
    /// which later passes read it (and, when persistent, every pass of the next frame reads what the last
    /// frame left there). Nil for a pass that draws only the node's output.
    public var target: String?
    /// PERSISTENT: the target keeps its image from frame to frame (transparent black at first) instead of
    /// being a scratch buffer for this frame.
    public var isPersistent: Bool
    /// FLOAT: the target holds floating-point colour (the workbench's `rgba16f`).
    public var isFloat: Bool
    /// WIDTH and HEIGHT: the target's size, each defaulting to the node's render size.
    public var width: ISFSizeExpression?
    public var height: ISFSizeExpression?
    /// Where the pass's `{` is written in the header.
    public var location: SourceLocation
    /// Where its TARGET is written, when it has one.
    public var targetLocation: SourceLocation?

    /// The target's size when the node renders at `renderSize` and its inputs have `inputs` (by name;
    /// bools as 0 or 1), evaluated once a frame before the first pass runs.
    public func size(renderSize: PixelSize, inputs: [String: Double] = [:]) -> PixelSize {
        PixelSize(width: width?.pixels(renderSize: renderSize, inputs: inputs) ?? renderSize.width,
                  height: height?.pixels(renderSize: renderSize, inputs: inputs) ?? renderSize.height)
    }
}

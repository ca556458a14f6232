/// A one-channel image format a compute kernel can store into: `r32f` for exact single floats, `r32ui` for
/// counts (the format `imageAtomicAdd` needs). Fragment shaders cannot sample an integer image as colour, and
/// the window shows colour, so such a target's values are copied after the kernels run into the red channel of
/// an `rgba32f` image (green and blue 0, alpha 1), counts exactly up to 2^24; kernels of the node itself read
/// the stored image as it is.
public enum OneChannelFormat: String, Sendable, Equatable, CaseIterable {
    case r32f
    case r32ui

    /// The format of the image other nodes read.
    public var shownAs: PixelFormat { .rgba32f }
}

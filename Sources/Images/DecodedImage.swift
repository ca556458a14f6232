/// An image file's pixels at the depth the file stores: 8 bits a channel for most files, 16 for PNGs and TIFFs that have
/// them, so a texture can keep the levels between 8-bit steps.
public enum DecodedImage: Sendable, Equatable {
    case eightBit(RGBAImage)
    case sixteenBit(RGBA16Image)

    public var width: Int {
        switch self {
        case .eightBit(let image): image.width
        case .sixteenBit(let image): image.width
        }
    }

    public var height: Int {
        switch self {
        case .eightBit(let image): image.height
        case .sixteenBit(let image): image.height
        }
    }
}

/// 16-bit RGBA pixels, laid out as `RGBAImage` is (rows top to bottom, four samples a pixel, straight alpha,
/// sRGB-encoded colour) with 65535 as full intensity: what a 16-bit file holds, kept whole for float textures.
public struct RGBA16Image: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var samples: [UInt16]

    public init(width: Int, height: Int, samples: [UInt16]) {
        precondition(width >= 0 && height >= 0, "RGBA16Image size \(width)×\(height) is negative")
        precondition(samples.count == width * height * 4, "RGBA16Image \(width)×\(height) needs \(width * height * 4) samples, got \(samples.count)")
        self.width = width
        self.height = height
        self.samples = samples
    }
}

/// 8-bit RGBA pixels, rows top to bottom, no padding (row stride = width * 4).
///
/// Straight (not premultiplied) alpha, sRGB-encoded colour: the layout GL textures and PNG files share, so pixels
/// move between them without conversion.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "RGBAImage size \(width)×\(height) is negative")
        precondition(pixels.count == width * height * 4, "RGBAImage \(width)×\(height) needs \(width * height * 4) bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        precondition(width >= 0 && height >= 0, "RGBAImage size \(width)×\(height) is negative")
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for start in stride(from: 0, to: pixels.count, by: 4) {
            pixels[start] = fill.r
            pixels[start + 1] = fill.g
            pixels[start + 2] = fill.b
            pixels[start + 3] = fill.a
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel in column `x` of row `y`; `y = 0` is the top row.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the \(width)×\(height) image")
        let start = (y * width + x) * 4
        return (pixels[start], pixels[start + 1], pixels[start + 2], pixels[start + 3])
    }
}

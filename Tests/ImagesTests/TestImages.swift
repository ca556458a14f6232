import Images

/// Images with structure in every channel, so swapped channels, flipped rows or lost alpha all show.
enum TestImages {
    static func pattern(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((x * 7 + y * 3) & 0xFF), UInt8((x * 13) & 0xFF), UInt8((y * 29) & 0xFF), UInt8((x * y + 5) & 0xFF)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Smooth in every direction, the content JPEG preserves best.
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [
                    UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)),
                    UInt8((x + y) * 255 / (width + height - 2)), 255,
                ]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Top half red, bottom half blue.
    static func redOverBlue(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for _ in 0..<width {
                pixels += y < height / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

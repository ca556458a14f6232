import Images

/// Decodes the bytes as an image file, at 8 bits and at the file's own depth; an image that decodes must hold
/// exactly its pixels.
enum ImageDecodingFuzzing {
    static func run(_ data: [UInt8], as name: String) {
        if let image = try? ImageFile.decode(data, path: name, maximumDimension: 2048) {
            precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4,
                         "a \(image.width)×\(image.height) image of \(image.pixels.count) bytes")
        }
        if case .sixteenBit(let image)? = try? ImageFile.decodeAtFullDepth(data, path: name, maximumDimension: 2048) {
            precondition(image.width > 0 && image.height > 0 && image.samples.count == image.width * image.height * 4,
                         "a 16-bit \(image.width)×\(image.height) image of \(image.samples.count) samples")
        }
    }
}

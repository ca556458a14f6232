import Images

/// Decodes the bytes as an image file; an image that decodes must hold exactly its pixels.
enum ImageDecodingFuzzing {
    static func run(_ data: [UInt8], as name: String) {
        guard let image = try? ImageFile.decode(data, path: name, maximumDimension: 2048) else { return }
        precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4,
                     "a \(image.width)×\(image.height) image of \(image.pixels.count) bytes")
    }
}

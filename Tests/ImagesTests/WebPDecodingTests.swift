import Images
import Testing
import TestSupport

/// WebP files written by ImageMagick (through its own libwebp encoder use), lossless and lossy, with alpha.
@Suite("WebP decoding")
struct WebPDecodingTests {
    func webp(of image: RGBAImage, named name: String, options: [String], in folder: TemporaryFolder) throws -> [UInt8] {
        let png = try folder.write(name + ".png", bytes: try ImageFile.encodePNG(image))
        try ImageMagick.convert(png, to: folder.file(name), options: options)
        return try folder.read(name)
    }

    /// The pattern with alpha from opaque to nearly clear; never 0, where a lossless encoder may drop the colour.
    func translucentPattern() -> RGBAImage {
        var image = TestImages.pattern(width: 21, height: 13)
        for (pixel, alpha) in zip(stride(from: 3, to: image.pixels.count, by: 4), [255, 200, 128, 40, 1].cycled(21 * 13)) {
            image.pixels[pixel] = UInt8(alpha)
        }
        return image
    }

    @Test("a lossless WebP with alpha decodes to its exact pixels, alpha included")
    func losslessWithAlpha() throws {
        let folder = try TemporaryFolder()
        let image = translucentPattern()
        let bytes = try webp(of: image, named: "exact.webp", options: ["-define", "webp:lossless=true", "-define", "webp:exact=true"], in: folder)
        #expect(ImageFile.format(of: bytes) == .webp)
        #expect(try ImageFile.decode(bytes, path: "exact.webp") == image)
    }

    @Test("a lossy WebP decodes close to its source, and keeps its alpha exactly")
    func lossyWithAlpha() throws {
        let folder = try TemporaryFolder()
        var image = TestImages.gradient(width: 48, height: 32)
        for row in 0..<32 {
            for column in 0..<48 { image.pixels[(row * 48 + column) * 4 + 3] = column < 24 ? 255 : 96 }
        }
        let bytes = try webp(of: image, named: "lossy.webp", options: ["-quality", "95"], in: folder)
        let decoded = try ImageFile.decode(bytes, path: "lossy.webp")
        #expect(decoded.width == 48 && decoded.height == 32)
        #expect(decoded.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
                == image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        #expect(decoded.largestDifference(from: image) <= 12)
    }

    @Test("an animated WebP is refused with what to do instead")
    func animated() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("1.png", bytes: try ImageFile.encodePNG(TestImages.gradient(width: 8, height: 8)))
        let second = try folder.write("2.png", bytes: try ImageFile.encodePNG(TestImages.redOverBlue(width: 8, height: 8)))
        try ImageMagick.convert(first, to: folder.file("moving.webp"), options: ["-delay", "10", second])
        let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(try folder.read("moving.webp"), path: "moving.webp") }
        #expect(error.message == "animated WebP files are not supported; save the frames as numbered images for a sequence node")
    }

    @Test("a WebP cut short is an ImageFileError that says so")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let bytes = try webp(of: TestImages.gradient(width: 64, height: 64), named: "whole.webp", options: ["-quality", "90"], in: folder)
        for cut in [14, bytes.count / 2, bytes.count - 1] {
            let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(Array(bytes.prefix(cut)), path: "cut.webp") }
            #expect(error.description.hasPrefix("cut.webp: the WebP file is"), "cut at \(cut): \(error)")
        }
    }

    @Test("a WebP with a damaged bitstream is an ImageFileError")
    func corrupt() throws {
        let folder = try TemporaryFolder()
        var bytes = try webp(of: TestImages.gradient(width: 64, height: 64), named: "whole.webp", options: ["-define", "webp:lossless=true"], in: folder)
        for index in stride(from: 30, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(bytes, path: "damaged.webp") }
        #expect(error.description.hasPrefix("damaged.webp: the WebP file is"), "\(error)")
    }
}

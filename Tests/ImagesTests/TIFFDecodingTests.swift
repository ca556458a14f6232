import Images
import Testing
import TestSupport

/// TIFF files written by ImageMagick (its own libtiff use, not the decoder's) in the layouts cameras, scanners and
/// editors produce, decoded through libtiff to the pixels they were made from.
@Suite("TIFF decoding")
struct TIFFDecodingTests {
    /// `image` written as a PNG and converted by ImageMagick to `name` with `options`; the TIFF's bytes.
    func tiff(of image: RGBAImage, named name: String, options: [String] = [], in folder: TemporaryFolder) throws -> [UInt8] {
        let png = try folder.write(name + ".png", bytes: try ImageFile.encodePNG(image))
        try ImageMagick.convert(png, to: folder.file(name), options: options)
        return try folder.read(name)
    }

    func opaque(_ image: RGBAImage) -> RGBAImage {
        var opaque = image
        for index in stride(from: 3, to: opaque.pixels.count, by: 4) { opaque.pixels[index] = 255 }
        return opaque
    }

    @Test("an 8-bit RGB TIFF in strips, LZW-compressed, decodes to its exact pixels")
    func rgbStrips() throws {
        let folder = try TemporaryFolder()
        let image = opaque(TestImages.pattern(width: 37, height: 23))
        let bytes = try tiff(of: image, named: "strips.tif", options: ["-alpha", "off", "-compress", "lzw", "-define", "tiff:rows-per-strip=5"], in: folder)
        #expect(ImageFile.format(of: bytes) == .tiff)
        #expect(try ImageFile.decode(bytes, path: "strips.tif") == image)
    }

    @Test("a tiled TIFF whose tiles overhang the image decodes to its exact pixels")
    func tiles() throws {
        let folder = try TemporaryFolder()
        let image = opaque(TestImages.pattern(width: 40, height: 27))
        let bytes = try tiff(of: image, named: "tiles.tiff", options: ["-alpha", "off", "-define", "tiff:tile-geometry=16x16"], in: folder)
        #expect(try ImageFile.decode(bytes, path: "tiles.tiff") == image)
    }

    @Test("an 8-bit grey TIFF decodes with the grey in all three channels")
    func grey() throws {
        let folder = try TemporaryFolder()
        var image = RGBAImage(width: 16, height: 4, fill: (0, 0, 0, 255))
        for index in 0..<64 {
            let level = UInt8(index * 4)
            image.pixels[index * 4 ..< index * 4 + 3] = [level, level, level]
        }
        let bytes = try tiff(of: image, named: "grey.tif", options: ["-alpha", "off", "-type", "Grayscale", "-depth", "8"], in: folder)
        #expect(try ImageFile.decode(bytes, path: "grey.tif") == image)
    }

    /// libtiff's RGBA reader multiplies colour by alpha; dividing it back out costs at most this much at the
    /// lowest alpha here (64).
    static let alphaRoundingTolerance = 2

    @Test("an RGBA TIFF keeps its alpha, and its colour within rounding")
    func alpha() throws {
        let folder = try TemporaryFolder()
        var image = TestImages.pattern(width: 20, height: 10)
        for (pixel, alpha) in zip(stride(from: 3, to: image.pixels.count, by: 4), [255, 192, 128, 64].cycled(200)) {
            image.pixels[pixel] = UInt8(alpha)
        }
        let decoded = try ImageFile.decode(try tiff(of: image, named: "alpha.tif", in: folder), path: "alpha.tif")
        #expect(decoded.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
                == image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        #expect(decoded.largestDifference(from: image) <= Self.alphaRoundingTolerance)
    }

    @Test("a TIFF cut short is an ImageFileError with libtiff's reason")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let bytes = try tiff(of: opaque(TestImages.pattern(width: 64, height: 64)), named: "whole.tif", options: ["-alpha", "off"], in: folder)
        for cut in [6, 100, bytes.count / 2] {
            let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(Array(bytes.prefix(cut)), path: "cut.tif") }
            #expect(error.description.hasPrefix("cut.tif: the TIFF file is truncated or corrupt (libtiff: "), "cut at \(cut): \(error)")
        }
    }

    @Test("a TIFF whose compressed strips are damaged is an ImageFileError, not a picture of noise")
    func damagedStrips() throws {
        let folder = try TemporaryFolder()
        var bytes = try tiff(of: opaque(TestImages.pattern(width: 64, height: 64)), named: "lzw.tif",
                             options: ["-alpha", "off", "-compress", "lzw"], in: folder)
        // ImageMagick writes the strips first and the directory after them, so these bytes are compressed pixels.
        for index in stride(from: 16, to: bytes.count / 2, by: 5) { bytes[index] = 0xFF }
        let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(bytes, path: "damaged.tif") }
        #expect(error.description.hasPrefix("damaged.tif: the TIFF file is truncated or corrupt (libtiff: "), "\(error)")
    }

    @Test("a TIFF declaring an image wider than the limit is refused before decoding")
    func overLimit() throws {
        let folder = try TemporaryFolder()
        let bytes = try tiff(of: opaque(TestImages.pattern(width: 40, height: 2)), named: "wide.tif", options: ["-alpha", "off"], in: folder)
        let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(bytes, path: "wide.tif", maximumDimension: 32) }
        #expect(error.message == "image is 40×2, larger than the 32×32 limit")
    }
}

/// 16-bit TIFFs read at full depth keep their samples, as 16-bit PNGs do.
@Suite("16-bit TIFFs at full depth")
struct SixteenBitTIFFTests {
    /// `png` converted by ImageMagick, which keeps 16-bit samples as they are, to a TIFF with `options`.
    func tiff(from png: [UInt8], options: [String], in folder: TemporaryFolder) throws -> [UInt8] {
        let source = try folder.write("deep.png", bytes: png)
        try ImageMagick.convert(source, to: folder.file("deep.tif"), options: ["-depth", "16"] + options)
        return try folder.read("deep.tif")
    }

    @Test("a 16-bit RGB TIFF in strips, deflated with a predictor, keeps every sample, steps finer than 8 bits included")
    func rgbStrips() throws {
        let folder = try TemporaryFolder()
        let pixels = (0..<5 * 7).map { (index: Int) -> [UInt16] in
            let step = UInt16(index)
            return [0x4000 + step, 0x8000 + 3 * step, 0xFFFF - 5 * step]
        }
        let rows = (0..<7).map { (row: Int) -> [UInt8] in pixels[row * 5 ..< row * 5 + 5].joined().flatMap(bigEndian16) }
        let png = PNGBytes(width: 5, height: 7, bitDepth: 16, colourType: .rgb).encode(rows: rows)
        let bytes = try tiff(from: png, options: ["-compress", "zip", "-define", "tiff:predictor=2", "-define", "tiff:rows-per-strip=3"], in: folder)
        let expected: [UInt16] = pixels.flatMap { $0 + [0xFFFF] }
        #expect(try ImageFile.decodeAtFullDepth(bytes, path: "deep.tif") == .sixteenBit(RGBA16Image(width: 5, height: 7, samples: expected)))
        #expect(try ImageFile.decode(bytes, path: "deep.tif")[0, 0] == (64, 128, 255, 255))
    }

    @Test("a tiled 16-bit grey TIFF with alpha keeps its samples, the grey in all three colours")
    func greyAlphaTiles() throws {
        let folder = try TemporaryFolder()
        let width = 20, height = 18
        let pixels = (0..<width * height).map { (index: Int) -> [UInt16] in [UInt16(0x1000 + 7 * index), UInt16(0xFFFF - index)] }
        let rows = (0..<height).map { (row: Int) -> [UInt8] in pixels[row * width ..< (row + 1) * width].joined().flatMap(bigEndian16) }
        let png = PNGBytes(width: width, height: height, bitDepth: 16, colourType: .greyAlpha).encode(rows: rows)
        let bytes = try tiff(from: png, options: ["-define", "tiff:tile-geometry=16x16"], in: folder)
        let expected: [UInt16] = pixels.flatMap { [$0[0], $0[0], $0[0], $0[1]] }
        #expect(try ImageFile.decodeAtFullDepth(bytes, path: "deep.tif") == .sixteenBit(RGBA16Image(width: width, height: height, samples: expected)))
    }

    @Test("a 16-bit TIFF cut short is an ImageFileError at full depth too")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let row: [UInt8] = (0..<64 * 3).flatMap { bigEndian16(UInt16($0 * 300)) }
        let png = PNGBytes(width: 64, height: 64, bitDepth: 16, colourType: .rgb).encode(rows: Array(repeating: row, count: 64))
        let bytes = try tiff(from: png, options: ["-compress", "none"], in: folder)
        for cut in [100, bytes.count / 2] {
            let error = try #require(throws: ImageFileError.self) { try ImageFile.decodeAtFullDepth(Array(bytes.prefix(cut)), path: "cut.tif") }
            #expect(error.description.hasPrefix("cut.tif: the TIFF file is"), "cut at \(cut): \(error)")
        }
    }
}

extension Array {
    /// The elements repeated in order until there are `count` of them.
    func cycled(_ count: Int) -> [Element] {
        (0..<count).map { self[$0 % self.count] }
    }
}

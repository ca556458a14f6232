import Images
import Testing
import TestSupport

/// 16-bit PNGs read at full depth keep every one of their 65536 levels, for textures that show what lies between
/// two 8-bit levels.
@Suite("16-bit PNGs at full depth")
struct SixteenBitPNGTests {
    @Test("a 16-bit RGBA PNG keeps its exact samples, 256 levels inside one 8-bit step included")
    func rgba() throws {
        let png = PNGBytes(width: 256, height: 1, bitDepth: 16, colourType: .rgba)
        let samples = (0..<256).flatMap { level -> [UInt16] in [0x4000 + UInt16(level), 0x8000, UInt16(level * 3), 0xFFFF - UInt16(level)] }
        let decoded = try ImageFile.decodeAtFullDepth(png.encode(rows: [samples.flatMap(bigEndian16)]), path: "deep.png")
        #expect(decoded == .sixteenBit(RGBA16Image(width: 256, height: 1, samples: samples)))
    }

    @Test("16-bit grey with tRNS and interlaced RGB become RGBA at 16 bits")
    func greyAndInterlaced() throws {
        var grey = PNGBytes(width: 2, height: 1, bitDepth: 16, colourType: .grey)
        grey.transparency = bigEndian16(0x1234)
        let greyDecoded = try ImageFile.decodeAtFullDepth(grey.encode(rows: [[0x12, 0x34, 0xAB, 0xCD]]), path: "grey.png")
        #expect(greyDecoded == .sixteenBit(RGBA16Image(width: 2, height: 1, samples: [0x1234, 0x1234, 0x1234, 0, 0xABCD, 0xABCD, 0xABCD, 0xFFFF])))

        var rgb = PNGBytes(width: 5, height: 3, bitDepth: 16, colourType: .rgb)
        rgb.interlaced = true
        func pixel(_ x: Int, _ y: Int) -> [UInt16] { [UInt16(x * 1000 + y), UInt16(y * 7 + 1), 0xF00F] }
        // adam7ImageData groups bytes per pixel, so 16-bit pixels go in as their big-endian bytes.
        let imageData = PNGBytes.adam7ImageData(width: 5, height: 3) { x, y in pixel(x, y).flatMap(bigEndian16) }
        let rgbDecoded = try ImageFile.decodeAtFullDepth(rgb.file(imageData: imageData), path: "adam7.png")
        let expected = (0..<3).flatMap { y -> [UInt16] in (0..<5).flatMap { x -> [UInt16] in pixel(x, y) + [0xFFFF] } }
        #expect(rgbDecoded == .sixteenBit(RGBA16Image(width: 5, height: 3, samples: expected)))
    }

    @Test("an 8-bit PNG at full depth is the same 8-bit image read gives")
    func eightBitStaysEightBit() throws {
        let image = TestImages.pattern(width: 9, height: 4)
        #expect(try ImageFile.decodeAtFullDepth(try ImageFile.encodePNG(image), path: "flat.png") == .eightBit(image))
    }

    @Test("a 16-bit PNG cut short is an ImageFileError with libpng's reason")
    func truncated() throws {
        let png = PNGBytes(width: 64, height: 64, bitDepth: 16, colourType: .rgb)
        let bytes = png.encode(rows: Array(repeating: Array(repeating: 0x42, count: 64 * 6), count: 64))
        let error = try #require(throws: ImageFileError.self) {
            try ImageFile.decodeAtFullDepth(Array(bytes.prefix(bytes.count / 2)), path: "cut.png")
        }
        #expect(error.description.hasPrefix("cut.png: the PNG file is truncated or corrupt (libpng: "), "\(error)")
    }
}

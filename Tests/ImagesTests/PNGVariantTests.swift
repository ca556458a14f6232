import Images
import Testing
import TestSupport

/// PNG colour types and bit depths the encoder never writes, each built byte by byte and decoded to RGBA8.
@Suite("PNG variants decode to RGBA8")
struct PNGVariantTests {
    @Test("a 4-bit palette PNG with tRNS takes colours from PLTE and alpha from tRNS")
    func palette() throws {
        var png = PNGBytes(width: 3, height: 1, bitDepth: 4, colourType: .palette)
        png.palette = [255, 0, 0, 0, 255, 0, 10, 20, 30]
        png.transparency = [255, 128]  // Entries past the end of tRNS are opaque.
        // Indices 2, 0, 1, packed two to a byte, high nibble first, the row padded to a whole byte.
        let decoded = try ImageFile.decode(png.encode(rows: [[0x20, 0x10]]), path: "palette.png")
        #expect(decoded == RGBAImage(width: 3, height: 1, pixels: [10, 20, 30, 255, 255, 0, 0, 255, 0, 255, 0, 128]))
    }

    @Test("an 8-bit greyscale PNG decodes to equal RGB and opaque alpha")
    func grey() throws {
        let png = PNGBytes(width: 3, height: 1, bitDepth: 8, colourType: .grey)
        let decoded = try ImageFile.decode(png.encode(rows: [[0, 77, 255]]), path: "grey.png")
        #expect(decoded == RGBAImage(width: 3, height: 1, pixels: [0, 0, 0, 255, 77, 77, 77, 255, 255, 255, 255, 255]))
    }

    @Test("a 1-bit greyscale PNG decodes to black and white")
    func oneBitGrey() throws {
        let png = PNGBytes(width: 10, height: 1, bitDepth: 1, colourType: .grey)
        // 1011000011, then padding bits.
        let decoded = try ImageFile.decode(png.encode(rows: [[0b1011_0000, 0b1100_0000]]), path: "bits.png")
        let expected: [UInt8] = [1, 0, 1, 1, 0, 0, 0, 0, 1, 1].flatMap { $0 == 1 ? [255, 255, 255, 255] : [0, 0, 0, 255] as [UInt8] }
        #expect(decoded.pixels == expected)
    }

    @Test("an 8-bit grey+alpha PNG keeps its alpha unpremultiplied")
    func greyAlpha() throws {
        let png = PNGBytes(width: 2, height: 1, bitDepth: 8, colourType: .greyAlpha)
        let decoded = try ImageFile.decode(png.encode(rows: [[200, 255, 60, 128]]), path: "grey-alpha.png")
        #expect(decoded == RGBAImage(width: 2, height: 1, pixels: [200, 200, 200, 255, 60, 60, 60, 128]))
    }

    @Test("an 8-bit RGB PNG without alpha decodes with alpha 255")
    func rgbWithoutAlpha() throws {
        let png = PNGBytes(width: 2, height: 1, bitDepth: 8, colourType: .rgb)
        let decoded = try ImageFile.decode(png.encode(rows: [[1, 2, 3, 250, 251, 252]]), path: "rgb.png")
        #expect(decoded == RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 250, 251, 252, 255]))
    }

    @Test("a 16-bit RGBA PNG without gAMA is taken as sRGB and reduced to the nearest 8-bit value")
    func sixteenBit() throws {
        let png = PNGBytes(width: 3, height: 1, bitDepth: 16, colourType: .rgba)
        let samples: [UInt16] = [0xFFFF, 0x0000, 0x8080, 0xFFFF, 0x0000, 0x4040, 0xFFFF, 0xFFFF, 0x2020, 0x0000, 0xC0C0, 0xFFFF]
        let decoded = try ImageFile.decode(png.encode(rows: [samples.flatMap(bigEndian16)]), path: "deep.png")
        #expect(decoded == RGBAImage(width: 3, height: 1, pixels: [255, 0, 128, 255, 0, 64, 255, 255, 32, 0, 192, 255]))
    }

    @Test("an Adam7-interlaced PNG decodes to the same pixels as a non-interlaced one")
    func interlaced() throws {
        let width = 11
        let height = 9
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { [UInt8(x * 20), UInt8(y * 25), UInt8(x * y)] }
        var png = PNGBytes(width: width, height: height, bitDepth: 8, colourType: .rgb)
        png.interlaced = true
        let decoded = try ImageFile.decode(
            png.file(imageData: PNGBytes.adam7ImageData(width: width, height: height, pixel: pixel)), path: "adam7.png")
        var expected: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                expected += pixel(x, y) + [255]
            }
        }
        #expect(decoded == RGBAImage(width: width, height: height, pixels: expected))
    }
}

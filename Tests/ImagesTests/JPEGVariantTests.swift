@testable import Images
import Testing

/// JPEG colour spaces other than YCbCr, made with the codec's internal encoder options.
@Suite("JPEG variants decode to RGBA8")
struct JPEGVariantTests {
    @Test("a greyscale JPEG decodes to equal RGB and alpha 255")
    func greyscale() throws {
        let source = TestImages.gradient(width: 16, height: 16)
        let jpeg = try JPEGCodec.encode(source, quality: 95, layout: .rgba, chroma: .greyscale)
        let decoded = try ImageFile.decode(jpeg, path: "grey.jpg")
        #expect(decoded.width == 16 && decoded.height == 16)
        for start in stride(from: 0, to: decoded.pixels.count, by: 4) {
            #expect(decoded.pixels[start] == decoded.pixels[start + 1] && decoded.pixels[start + 1] == decoded.pixels[start + 2])
            #expect(decoded.pixels[start + 3] == 255)
        }
    }

    @Test("a CMYK (YCCK) JPEG decodes as inverted CMYK, within 8 levels, with alpha 255")
    func cmyk() throws {
        // Four flat 8×8 blocks of inverted CMYK (255 = no ink), so block edges carry no compression error.
        let blocks: [(cmyk: [UInt8], rgb: [UInt8])] = [
            ([255, 255, 255, 255], [255, 255, 255]),  // no ink: white
            ([0, 255, 255, 255], [0, 255, 255]),  // full cyan
            ([255, 255, 255, 0], [0, 0, 0]),  // full black
            ([255, 128, 255, 128], [128, 64, 128]),  // half magenta, half black
        ]
        var pixels: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<32 {
                pixels += blocks[x / 8].cmyk
            }
        }
        let jpeg = try JPEGCodec.encode(RGBAImage(width: 32, height: 8, pixels: pixels), quality: 100, layout: .cmyk, chroma: .full)
        let decoded = try ImageFile.decode(jpeg, path: "cmyk.jpg")
        for (index, block) in blocks.enumerated() {
            let centre = decoded[index * 8 + 4, 4]
            #expect(abs(Int(centre.r) - Int(block.rgb[0])) <= 8, "block \(index) red")
            #expect(abs(Int(centre.g) - Int(block.rgb[1])) <= 8, "block \(index) green")
            #expect(abs(Int(centre.b) - Int(block.rgb[2])) <= 8, "block \(index) blue")
            #expect(centre.a == 255)
        }
    }
}

import Images
import Testing
import TestSupport

@Suite("Dimension limits are enforced before allocating")
struct DimensionLimitTests {
    @Test("a PNG header declaring 100000×100000 gives the dimension error, not an allocation")
    func hugePNGHeader() throws {
        // No pixel data follows the header: had 40 GB been allocated and decoding begun, libpng would have reported
        // missing image data instead of this message.
        let png = PNGBytes(width: 100_000, height: 100_000, bitDepth: 8, colourType: .rgba).file(imageData: [0])
        let directory = try TemporaryFolder()
        let path = try directory.write("huge.png", bytes: png)
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.description == "\(path): image is 100000×100000, larger than the 16384×16384 limit")
    }

    @Test("a JPEG frame header declaring 40000×40000 gives the dimension error")
    func hugeJPEGHeader() throws {
        var jpeg = try ImageFile.encodeJPEG(TestImages.gradient(width: 16, height: 16))
        // SOF0: FF C0, length (2 bytes), precision (1 byte), then height and width, big-endian.
        let frame = try #require(jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange(frame + 5..<frame + 9, with: [0x9C, 0x40, 0x9C, 0x40])
        let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(jpeg, path: "photo.jpg") }
        #expect(error.description == "photo.jpg: image is 40000×40000, larger than the 16384×16384 limit")
    }

    @Test("maximumDimension applies to width and to height")
    func customLimit() throws {
        let png = try ImageFile.encodePNG(RGBAImage(width: 20, height: 10, fill: (0, 0, 0, 255)))
        let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(png, path: "wide.png", maximumDimension: 16) }
        #expect(error.message == "image is 20×10, larger than the 16×16 limit")
        #expect(try ImageFile.decode(png, path: "wide.png", maximumDimension: 20).width == 20)
    }
}

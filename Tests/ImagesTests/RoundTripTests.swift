import Images
import Testing
import TestSupport

@Suite("Round trips through files")
struct RoundTripTests {
    @Test("PNG written then read gives back exactly the same pixels, alpha included")
    func pngRoundTripIsExact() throws {
        let directory = try TemporaryFolder()
        let original = TestImages.pattern(width: 37, height: 23)
        let path = directory.file("pattern.png")
        try ImageFile.writePNG(original, to: path)
        #expect(try ImageFile.read(path: path) == original)
    }

    @Test("JPEG of a smooth gradient comes back within 8 levels per channel, with alpha 255")
    func jpegRoundTripIsClose() throws {
        let directory = try TemporaryFolder()
        let original = TestImages.gradient(width: 64, height: 48)
        let path = try directory.write("gradient.jpg", bytes: try ImageFile.encodeJPEG(original, quality: 90))
        let decoded = try ImageFile.read(path: path)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(decoded.largestDifference(from: original) <= 8)
        #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == 255 })
    }

    @Test("row y = 0 of a decoded PNG is the top row of the file")
    func pngTopRowIsYZero() throws {
        let directory = try TemporaryFolder()
        let path = directory.file("red-over-blue.png")
        try ImageFile.writePNG(TestImages.redOverBlue(width: 4, height: 2), to: path)
        let decoded = try ImageFile.read(path: path)
        #expect(decoded[0, 0] == (255, 0, 0, 255))
        #expect(decoded[3, 0] == (255, 0, 0, 255))
        #expect(decoded[0, 1] == (0, 0, 255, 255))
        #expect(decoded[3, 1] == (0, 0, 255, 255))
    }

    @Test("row y = 0 of a decoded JPEG is the top row of the file")
    func jpegTopRowIsYZero() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("red-over-blue.jpg", bytes: try ImageFile.encodeJPEG(TestImages.redOverBlue(width: 16, height: 16)))
        let decoded = try ImageFile.read(path: path)
        let top = decoded[8, 0]
        let bottom = decoded[8, 15]
        #expect(top.r > 240 && top.b < 16)
        #expect(bottom.b > 240 && bottom.r < 16)
    }

    @Test("writing over an existing PNG replaces its contents")
    func writePNGReplacesExistingFile() throws {
        let directory = try TemporaryFolder()
        let path = directory.file("out.png")
        try ImageFile.writePNG(RGBAImage(width: 8, height: 8, fill: (1, 2, 3, 4)), to: path)
        let replacement = TestImages.pattern(width: 5, height: 3)
        try ImageFile.writePNG(replacement, to: path)
        #expect(try ImageFile.read(path: path) == replacement)
    }
}

import Images
import Testing
import TestSupport

@Suite("Format detection by content")
struct FormatDetectionTests {
    @Test("format(of:) recognises PNG and JPEG signatures and nothing else")
    func signatures() throws {
        let image = RGBAImage(width: 2, height: 2, fill: (9, 8, 7, 255))
        #expect(ImageFile.format(of: try ImageFile.encodePNG(image)) == .png)
        #expect(ImageFile.format(of: try ImageFile.encodeJPEG(image)) == .jpeg)
        #expect(ImageFile.format(of: Array("hello, world\n".utf8)) == nil)
        #expect(ImageFile.format(of: [0x89, 0x50, 0x4E]) == nil)
        #expect(ImageFile.format(of: []) == nil)
    }

    @Test("a PNG named .jpg is decoded as the PNG it is")
    func pngWithJpegExtension() throws {
        let directory = try TemporaryFolder()
        let image = TestImages.pattern(width: 6, height: 5)
        let path = try directory.write("actually-a-png.jpg", bytes: try ImageFile.encodePNG(image))
        #expect(try ImageFile.read(path: path) == image)
    }

    @Test("a JPEG named .png is decoded as the JPEG it is")
    func jpegWithPngExtension() throws {
        let directory = try TemporaryFolder()
        let image = RGBAImage(width: 8, height: 8, fill: (200, 100, 50, 255))
        let path = try directory.write("actually-a-jpeg.png", bytes: try ImageFile.encodeJPEG(image, quality: 95))
        let decoded = try ImageFile.read(path: path)
        #expect(decoded.largestDifference(from: image) <= 4)
    }
}

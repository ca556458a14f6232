import Images
import Testing
import TestSupport

@Suite("Writing PNG files")
struct WritePNGTests {
    @Test("a successful write leaves only the target file in the directory")
    func noTemporaryFilesLeft() throws {
        let directory = try TemporaryFolder()
        try ImageFile.writePNG(TestImages.pattern(width: 9, height: 9), to: directory.file("out.png"))
        try ImageFile.writePNG(TestImages.pattern(width: 3, height: 3), to: directory.file("out.png"))
        #expect(try directory.contents() == ["out.png"])
    }

    @Test("writing into a directory that does not exist fails, names the path and creates nothing")
    func missingDirectory() throws {
        let directory = try TemporaryFolder()
        let path = directory.file("missing/out.png")
        let error = try #require(throws: ImageFileError.self) {
            try ImageFile.writePNG(TestImages.pattern(width: 2, height: 2), to: path)
        }
        #expect(error.path == path)
        #expect(error.message.hasPrefix("cannot create a file in its directory ("))
        #expect(try directory.contents().isEmpty)
    }

    @Test("writing over a directory fails and leaves no temporary file behind")
    func targetIsDirectory() throws {
        let directory = try TemporaryFolder()
        let inner = try directory.makeFolder("taken.png")
        let error = try #require(throws: ImageFileError.self) {
            try ImageFile.writePNG(TestImages.pattern(width: 2, height: 2), to: inner)
        }
        #expect(error.message.hasPrefix("cannot replace the file ("))
        #expect(try directory.contents() == ["taken.png"])
    }

    @Test("an image whose pixel count disagrees with its size is refused, not handed to libpng")
    func inconsistentImage() throws {
        var image = RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 0))
        image.width = 5
        let error = try #require(throws: ImageFileError.self) { try ImageFile.encodePNG(image) }
        #expect(error.description == "image is 5×4, which needs 80 bytes of RGBA, but has 64")
    }

    @Test("an image without pixels cannot be encoded")
    func emptyImage() throws {
        let error = try #require(throws: ImageFileError.self) {
            try ImageFile.encodePNG(RGBAImage(width: 0, height: 3, pixels: []))
        }
        #expect(error.message == "image is 0×3, which has no pixels")
    }

    @Test("JPEG quality outside 1...100 is refused")
    func jpegQualityRange() throws {
        let image = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255))
        #expect(throws: ImageFileError.self) { try ImageFile.encodeJPEG(image, quality: 0) }
        #expect(throws: ImageFileError.self) { try ImageFile.encodeJPEG(image, quality: 101) }
        #expect(throws: Never.self) { try ImageFile.encodeJPEG(image, quality: 1) }
    }
}

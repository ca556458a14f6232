#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Images
import Testing
import TestSupport

@Suite("Files that cannot be read give ImageFileError")
struct ReadErrorTests {
    @Test("a PNG cut in half is reported as truncated or corrupt, with libpng's reason")
    func truncatedPNG() throws {
        let directory = try TemporaryFolder()
        let png = try ImageFile.encodePNG(TestImages.pattern(width: 40, height: 40))
        let path = try directory.write("cut.png", bytes: Array(png.prefix(png.count / 2)))
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.path == path)
        #expect(error.message.hasPrefix("the PNG file is truncated or corrupt (libpng: "))
    }

    @Test("a JPEG cut in half is an error, not a grey-padded image")
    func truncatedJPEG() throws {
        let directory = try TemporaryFolder()
        let jpeg = try ImageFile.encodeJPEG(TestImages.gradient(width: 64, height: 64))
        let path = try directory.write("cut.jpg", bytes: Array(jpeg.prefix(jpeg.count / 2)))
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.message.hasPrefix("the JPEG file is truncated or corrupt (libjpeg-turbo: "))
    }

    @Test("a JPEG cut inside its header is an error")
    func jpegWithoutFrame() throws {
        let jpeg = try ImageFile.encodeJPEG(TestImages.gradient(width: 16, height: 16))
        let error = try #require(throws: ImageFileError.self) { try ImageFile.decode(Array(jpeg.prefix(20)), path: "stub.jpg") }
        #expect(error.message.contains("truncated or corrupt"))
    }

    @Test("an empty file says it is empty")
    func emptyFile() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("empty.png", bytes: [])
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.description == "\(path): the file is empty")
    }

    @Test("a text file is neither PNG nor JPEG")
    func textFile() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("notes.png", bytes: Array("not an image\n".utf8))
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.description == "\(path): not a PNG, JPEG, TIFF or WebP file")
    }

    @Test("a missing file names its path")
    func missingFile() throws {
        let directory = try TemporaryFolder()
        let path = directory.file("no-such-image.png")
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.path == path)
        #expect(error.description.contains(path))
        #expect(error.message == "no such file")
    }

    @Test("a directory is refused as a directory")
    func directory() throws {
        let directory = try TemporaryFolder()
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: directory.path) }
        #expect(error.message == "is a directory, not an image file")
    }

    @Test("a FIFO is refused at once instead of waiting for a writer")
    func fifo() throws {
        let directory = try TemporaryFolder()
        let path = directory.file("pipe.png")
        try #require(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.message == "is not a regular file")
    }

    @Test("a file over 256 MiB is refused before it is read")
    func oversizedFile() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("huge.png", bytes: try ImageFile.encodePNG(TestImages.pattern(width: 4, height: 4)))
        // Sparse, so the test costs no disk space.
        try #require(truncate(path, 300 << 20) == 0)
        let error = try #require(throws: ImageFileError.self) { try ImageFile.read(path: path) }
        #expect(error.message == "the file is 300 MiB, larger than the 256 MiB limit")
    }
}

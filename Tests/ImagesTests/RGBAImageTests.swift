import Images
import Testing

@Suite("RGBAImage")
struct RGBAImageTests {
    @Test("fill sets every pixel and the subscript reads it back")
    func fill() {
        let image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30, 40))
        #expect(image.pixels.count == 24)
        #expect(image[2, 1] == (10, 20, 30, 40))
        #expect(image.pixels == Array(repeating: [10, 20, 30, 40] as [UInt8], count: 6).flatMap { $0 })
    }

    @Test("the subscript addresses rows top to bottom with no padding")
    func subscriptLayout() {
        let image = RGBAImage(width: 2, height: 2, pixels: [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4])
        #expect(image[0, 0] == (1, 1, 1, 1))
        #expect(image[1, 0] == (2, 2, 2, 2))
        #expect(image[0, 1] == (3, 3, 3, 3))
        #expect(image[1, 1] == (4, 4, 4, 4))
    }

    @Test("errors without a path describe themselves by their message alone")
    func errorDescription() {
        #expect(ImageFileError(path: "photo.png", message: "not a PNG, JPEG, TIFF or WebP file").description == "photo.png: not a PNG, JPEG, TIFF or WebP file")
        #expect(ImageFileError(path: "", message: "image is 0×0, which has no pixels").description == "image is 0×0, which has no pixels")
    }
}

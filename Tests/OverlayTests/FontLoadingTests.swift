import Foundation
import GPU
import Overlay
import TestSupport
import Testing

extension OverlayTests {
    @Test("a missing font file names the path and the package to install")
    func missingFont() {
        let path = "/nonexistent/fonts/NoSuchFont.ttf"
        #expect {
            _ = try FontAtlas(path: path, pixelHeight: 16)
        } throws: { error in
            guard let error = error as? GPUError else { return false }
            return error.message.contains(path) && error.message.contains("fonts-dejavu-core")
        }
    }

    @Test("a text file pretending to be a font is refused, not crashed on")
    func corruptFont() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("pretend.ttf", "this is not a TrueType font\n")
        #expect {
            _ = try FontAtlas(path: path, pixelHeight: 16)
        } throws: { error in
            guard let error = error as? GPUError else { return false }
            return error.message.contains(path) && error.message.contains("not a font")
        }
    }

    @Test("a truncated or scrambled font either is refused or draws without crashing")
    func damagedFont() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: FontAtlas.defaultFontPath))
        var scrambled = whole
        for index in stride(from: whole.count / 4, to: whole.count * 3 / 4, by: 7) {
            scrambled[index] ^= 0xA5
        }
        let damaged = [12, 2000, whole.count / 3, whole.count - 100].map { whole.prefix($0) } + [scrambled]
        let folder = try TemporaryFolder()
        for (number, contents) in damaged.enumerated() {
            let path = try folder.write("damaged-\(number).ttf", bytes: Array(contents))
            do {
                let font = try FontAtlas(path: path, pixelHeight: 16)
                let canvas = try OverlayCanvas()
                let renderer = try OverlayRenderer(font: font)
                renderer.drawText("Hello, → 日", x: 0, y: 0, colour: white)
                canvas.bind()
                renderer.flush(viewport: canvas.size)
                _ = canvas.read()
                withExtendedLifetime(canvas) {}
            } catch let error as GPUError {
                #expect(error.message.contains(path))
            }
        }
    }

    @Test("sizes out of range are refused")
    func badSizes() {
        #expect(throws: GPUError.self) { try FontAtlas(pixelHeight: 0) }
        #expect(throws: GPUError.self) { try FontAtlas(pixelHeight: -3) }
        #expect(throws: GPUError.self) { try FontAtlas(pixelHeight: 100_000) }
    }

    @Test("the bold face and other sizes load, with wider cells for larger sizes")
    func sizesAndBold() throws {
        let bold = try FontAtlas(path: FontAtlas.defaultBoldFontPath, pixelHeight: 16)
        let regular = try FontAtlas(pixelHeight: 16)
        #expect(bold.advance == regular.advance)
        let small = try FontAtlas(pixelHeight: 10)
        let large = try FontAtlas(pixelHeight: 40)
        #expect(small.advance < regular.advance && regular.advance < large.advance)
        #expect(small.lineHeight < large.lineHeight)
    }
}

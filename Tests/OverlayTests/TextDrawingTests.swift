import Images
import Overlay
import Testing

extension OverlayTests {
    @Test("text lights pixels only inside its line box, right side up")
    func textStaysInItsBox() throws {
        let canvas = try OverlayCanvas()
        let font = try FontAtlas(pixelHeight: 16)
        let renderer = try OverlayRenderer(font: font)
        let origin = Point(x: 20, y: 10)
        renderer.drawText("Hello", x: origin.x, y: origin.y, colour: white)
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let image = canvas.read()

        let lit = image.litPoints
        let box = (x: origin.x..<(origin.x + font.width(of: "Hello")), y: origin.y..<(origin.y + font.lineHeight))
        #expect(lit.count > 50)
        let outside = lit.filter { !box.x.contains($0.x) || !box.y.contains($0.y) }
        #expect(outside.isEmpty, "lit outside the box: \(outside.prefix(10))")
        // Every character's cell has ink.
        for cell in 0..<5 {
            let cellX = (origin.x + cell * font.advance)..<(origin.x + (cell + 1) * font.advance)
            #expect(lit.contains { cellX.contains($0.x) }, "cell \(cell) is empty")
        }
        // "Hello" has no descenders: upside-down text would put ink below the baseline.
        let baseline = origin.y + font.baseline
        #expect(lit.allSatisfy { $0.y < baseline })
        #expect(lit.contains { $0.y == baseline - 1 })
        // 'H' and 'l' reach higher than 'e' and 'o'.
        let top = lit.map(\.y).min() ?? 0
        #expect(top < baseline - font.pixelHeight / 2)
        // Glyphs are grey-level antialiased, and white text on black is fully white where covered.
        #expect(image.points { $0.r == 255 && $0.g == 255 && $0.b == 255 }.count > 10)
        withExtendedLifetime(canvas) {}
    }

    @Test("descenders go below the baseline and stay in the line box")
    func descenders() throws {
        let canvas = try OverlayCanvas()
        let renderer = try OverlayRenderer(font: try FontAtlas(pixelHeight: 16))
        let font = renderer.font
        renderer.drawText("gjpqy_", x: 4, y: 30, colour: white)
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let lit = canvas.read().litPoints
        #expect(lit.contains { $0.y >= 30 + font.baseline })
        #expect(lit.allSatisfy { (30..<(30 + font.lineHeight)).contains($0.y) })
        withExtendedLifetime(canvas) {}
    }

    @Test("two lines at different heights do not overlap")
    func linesDoNotOverlap() throws {
        let canvas = try OverlayCanvas()
        let renderer = try OverlayRenderer(font: try FontAtlas(pixelHeight: 14))
        let font = renderer.font
        renderer.drawText("Top line |gjy", x: 2, y: 3, colour: SIMD4(1, 0, 0, 1))
        renderer.drawText("Second ÉÅ|gjy", x: 2, y: 3 + font.lineHeight, colour: SIMD4(0, 1, 0, 1))
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let image = canvas.read()
        let red = image.points { $0.r > 0 }
        let green = image.points { $0.g > 0 }
        #expect(!red.isEmpty && !green.isEmpty)
        #expect(image.points { $0.r > 0 && $0.g > 0 }.isEmpty)
        #expect(red.allSatisfy { (3..<(3 + font.lineHeight)).contains($0.y) })
        #expect(green.allSatisfy { ((3 + font.lineHeight)..<(3 + 2 * font.lineHeight)).contains($0.y) })
        withExtendedLifetime(canvas) {}
    }

    @Test("characters beyond ASCII draw, and ones the font lacks fall back to its missing-glyph box")
    func nonASCII() throws {
        let canvas = try OverlayCanvas()
        let font = try FontAtlas(pixelHeight: 16)
        let renderer = try OverlayRenderer(font: font)
        let before = font.cachedGlyphCount
        let text = "→ × é 日 e\u{301} 🙂"
        #expect(font.columns(of: text) == 11)
        renderer.drawText(text, x: 0, y: 0, colour: white)
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let lit = canvas.read().litPoints
        #expect(font.cachedGlyphCount > before)
        for cell in [0, 2, 4, 6, 8, 10] {
            let cellX = (cell * font.advance)..<((cell + 1) * font.advance)
            #expect(lit.contains { cellX.contains($0.x) }, "cell \(cell) is empty")
        }
        // The combining accent lands in its base's cell, above the x-height.
        let accented = (8 * font.advance)..<(9 * font.advance)
        let accentedTop = lit.filter { accented.contains($0.x) }.map(\.y).min() ?? .max
        let plainE = (4 * font.advance)..<(5 * font.advance)
        #expect(accentedTop == lit.filter { plainE.contains($0.x) }.map(\.y).min())
        // Spaces between stay dark.
        for cell in [1, 3, 5, 7, 9] {
            let cellX = (cell * font.advance + 2)..<((cell + 1) * font.advance - 2)
            #expect(!lit.contains { cellX.contains($0.x) }, "space cell \(cell) has ink")
        }
        withExtendedLifetime(canvas) {}
    }

    @Test("the atlas grows for new glyphs and glyphs already in it still draw the same")
    func atlasGrowth() throws {
        let canvas = try OverlayCanvas()
        let font = try FontAtlas(pixelHeight: 40)
        let renderer = try OverlayRenderer(font: font)
        func render(_ text: String) -> RGBAImage {
            canvas.clear()
            renderer.drawText(text, x: 2, y: 4, colour: white)
            renderer.flush(viewport: canvas.size)
            return canvas.read()
        }
        let before = render("Hello")
        let allocations = font.textureAllocationCount
        let ranges: [ClosedRange<UInt32>] = [0x100...0x17F, 0x391...0x3C9, 0x410...0x44F, 0x2500...0x257F]
        let many = String(String.UnicodeScalarView(ranges.joined().compactMap(Unicode.Scalar.init)))
        // Off screen: only the atlas sees these.
        renderer.drawText(many, x: 0, y: 1000, colour: white)
        renderer.flush(viewport: canvas.size)
        #expect(font.textureAllocationCount > allocations)
        #expect(render("Hello") == before)
        let late = render("Жω╬").litPoints
        for cell in 0..<3 {
            let cellX = (2 + cell * font.advance)..<(2 + (cell + 1) * font.advance)
            #expect(late.contains { cellX.contains($0.x) }, "cell \(cell) is empty")
        }
        withExtendedLifetime(canvas) {}
    }

    @Test("a caret placed with width(of:) sits under the column it points at")
    func caretUnderColumn() throws {
        let canvas = try OverlayCanvas(width: 320, height: 60)
        let font = try FontAtlas(pixelHeight: 14)
        let renderer = try OverlayRenderer(font: font)
        let source = "\tcolour = brightnes * 2.0;"
        let column = 11  // 1-based, as compilers count: the 'b' of brightnes, the tab counting one
        let prefix = String(source.prefix(column - 1))
        renderer.drawText(source, x: 8, y: 4, colour: SIMD4(0.7, 0.7, 0.7, 1))
        renderer.drawText("^", x: 8 + font.width(of: prefix), y: 4 + font.lineHeight, colour: SIMD4(1, 0, 0, 1))
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let image = canvas.read()
        // The tab fills cells 0...3, "colour = " takes nine more, so 'b' is in cell 13.
        #expect(font.width(of: prefix) == 13 * font.advance)
        let caret = image.points { $0.r > 0 && $0.g == 0 }
        let cell = (8 + 13 * font.advance)..<(8 + 14 * font.advance)
        #expect(!caret.isEmpty)
        #expect(caret.allSatisfy { cell.contains($0.x) })
        let letterAbove = image.points { $0.g > 0 }.filter { $0.y < 4 + font.lineHeight && cell.contains($0.x) }
        #expect(!letterAbove.isEmpty)
        withExtendedLifetime(canvas) {}
    }

    @Test("width(of:) counts cells: ASCII, tabs to stops of four, invisible control characters")
    func measuring() throws {
        let font = try FontAtlas(pixelHeight: 16)
        #expect(font.advance > 0)
        #expect(font.lineHeight >= font.pixelHeight)
        #expect(font.baseline > 0 && font.baseline < font.lineHeight)
        for text in ["", "a", "Hello", "shaders/fx.fsh:6:29: error: `brightnes' undeclared", String(repeating: "M", count: 200)] {
            #expect(font.width(of: text) == text.count * font.advance)
        }
        #expect(font.width(of: "\t") == 4 * font.advance)
        #expect(font.width(of: "ab\tc") == 5 * font.advance)
        #expect(font.width(of: "abcd\te") == 9 * font.advance)
        #expect(font.width(of: "a\nb\r\n") == 2 * font.advance)
        #expect(font.width(of: "e\u{301}") == font.advance)
        #expect(font.width(of: "→×é日") == 4 * font.advance)
    }
}

import Overlay
import Testing

extension OverlayTests {
    /// Layout needs no GL context: fonts measure in cells.
    private func font() throws -> FontAtlas {
        try FontAtlas(pixelHeight: 16)
    }

    @Test("wrapping breaks at spaces, drops the spaces at breaks and keeps short lines whole")
    func wrapAtWords() throws {
        let font = try font()
        let ten = 10 * font.advance
        #expect(TextLayout.wrap("the quick brown fox", width: ten, font: font) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("the quick brown fox", width: ten + font.advance - 1, font: font) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("the quick brown fox", width: 20 * font.advance, font: font) == ["the quick brown fox"])
        #expect(TextLayout.wrap("a  b   c", width: 4 * font.advance, font: font) == ["a  b", "c"])
        #expect(TextLayout.wrap("a  b   c", width: 3 * font.advance, font: font) == ["a", "b", "c"])
        #expect(TextLayout.wrap("trailing   ", width: ten, font: font) == ["trailing"])
        #expect(TextLayout.wrap("0123456789 x", width: ten, font: font) == ["0123456789", "x"])
    }

    @Test("wrapping breaks words longer than a line")
    func wrapLongWords() throws {
        let font = try font()
        let ten = 10 * font.advance
        #expect(TextLayout.wrap("abcdefghijklmnopqrstuvwxyz", width: ten, font: font) == ["abcdefghij", "klmnopqrst", "uvwxyz"])
        #expect(TextLayout.wrap("see /very/long/path/to/shader.fsh now", width: ten, font: font)
                == ["see", "/very/long", "/path/to/s", "hader.fsh", "now"])
        // Not even one cell wide: one character per line, never an endless loop.
        #expect(TextLayout.wrap("abc d", width: 0, font: font) == ["a", "b", "c", "d"])
    }

    @Test("wrapping keeps line breaks, blank lines and first-line indentation")
    func wrapParagraphs() throws {
        let font = try font()
        let ten = 10 * font.advance
        #expect(TextLayout.wrap("", width: ten, font: font) == [""])
        #expect(TextLayout.wrap("a\n\nb", width: ten, font: font) == ["a", "", "b"])
        #expect(TextLayout.wrap("one\r\ntwo\rthree", width: ten, font: font) == ["one", "two", "three"])
        #expect(TextLayout.wrap("  indented text here", width: ten, font: font) == ["  indented", "text here"])
        #expect(TextLayout.wrap("\tx y", width: ten, font: font) == ["\tx y"])
        let message = "shaders/fx.fsh:6:29: error: `brightnes' undeclared"
        let lines = TextLayout.wrap(message, width: 24 * font.advance, font: font)
        #expect(lines == ["shaders/fx.fsh:6:29:", "error: `brightnes'", "undeclared"])
        #expect(lines.allSatisfy { font.width(of: $0) <= 24 * font.advance })
    }

    @Test("truncating cuts to fit and ends in an ellipsis only when cut")
    func truncating() throws {
        let font = try font()
        let eight = 8 * font.advance
        #expect(TextLayout.truncate("Hello", width: eight, font: font) == "Hello")
        #expect(TextLayout.truncate("12345678", width: eight, font: font) == "12345678")
        #expect(TextLayout.truncate("123456789", width: eight, font: font) == "1234567…")
        #expect(TextLayout.truncate("Hello, world", width: eight, font: font) == "Hello,…")
        #expect(TextLayout.truncate("Hello, world", width: eight + font.advance - 1, font: font) == "Hello,…")
        #expect(TextLayout.truncate("abc", width: font.advance, font: font) == "…")
        #expect(TextLayout.truncate("abc", width: font.advance - 1, font: font) == "")
        #expect(TextLayout.truncate("", width: 0, font: font) == "")
        let cut = TextLayout.truncate(String(repeating: "→", count: 50), width: eight, font: font)
        #expect(cut == String(repeating: "→", count: 7) + "…")
        #expect(font.width(of: cut) == eight)
    }
}

import CFreeType
import GPU

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A font file opened with FreeType at one pixel size. It owns its own `FT_Library` as well as the
/// `FT_Face`, because FreeType libraries may not be shared between threads and a face must not outlive its
/// library; both go in deinit. Like the GL wrappers it is not `Sendable`.
final class FreeTypeFace {
    let path: String
    /// Pixels from the top of a line box down to the baseline.
    let ascender: Int
    /// Pixels from the baseline down to the bottom of a line box.
    let descender: Int
    /// Baseline to baseline.
    let lineHeight: Int
    /// The pen advance of a typical glyph: the cell width of a monospaced font.
    let cellAdvance: Int

    private let library: FT_Library
    private let face: FT_Face

    /// Glyphs larger than this many pixels on a side come only from broken fonts; refusing them keeps one
    /// bad glyph from eating the atlas.
    private let largestGlyphSide: Int

    init(path: String, pixelHeight: Int) throws(GPUError) {
        self.path = path
        guard (1...1024).contains(pixelHeight) else {
            throw GPUError("a font pixel height of \(pixelHeight) is out of range (1...1024)")
        }
        guard Self.fileExists(path) else {
            throw GPUError("the font file \(path) does not exist (DejaVu Sans Mono comes with the Debian package fonts-dejavu-core)")
        }

        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw GPUError("FreeType could not start: \(FreeTypeError.describe(initError))")
        }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, 0, &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            if openError == 0x01 {
                throw GPUError("the font file \(path) could not be opened (is it readable? DejaVu Sans Mono comes with the Debian package fonts-dejavu-core)")
            }
            throw GPUError("\(path) is not a font FreeType can read: \(FreeTypeError.describe(openError))")
        }
        let sizeError = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelHeight))
        guard sizeError == 0, let size = face.pointee.size else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw GPUError("the font \(path) has no \(pixelHeight)-pixel size: \(FreeTypeError.describe(sizeError))")
        }
        self.library = library
        self.face = face
        largestGlyphSide = pixelHeight * 4

        // Size metrics are 26.6 fixed point; rounding outwards keeps glyphs inside the line box. Accented
        // capitals reach above the font's declared ascender, so the line box also covers the glyphs that
        // messages and source lines commonly hold; anything taller is clipped when drawn.
        let metrics = size.pointee.metrics
        let extent = Self.inkExtent(of: face, characters: Self.tallCharacters)
        let ascender = max(Self.pixelsRoundedUp(metrics.ascender), extent.above)
        let descender = max(Self.pixelsRoundedUp(-metrics.descender), extent.below)
        self.ascender = max(ascender, 1)
        self.descender = max(descender, 0)
        lineHeight = max(Self.pixelsRoundedUp(metrics.height), self.ascender + self.descender)

        var advance = 0
        let reference = FT_Get_Char_Index(face, FT_ULong(UInt8(ascii: "M")))
        if reference != 0, FT_Load_Glyph(face, reference, FT_Int32(FT_LOAD_DEFAULT)) == 0, let slot = face.pointee.glyph {
            advance = Self.pixelsRounded(slot.pointee.advance.x)
        }
        if advance <= 0 {
            advance = Self.pixelsRounded(metrics.max_advance)
        }
        cellAdvance = advance > 0 ? advance : max(1, pixelHeight / 2)
    }

    /// The glyph index of `scalar`, or nil when the font has no glyph for it.
    func glyphIndex(of scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return index == 0 ? nil : UInt32(index)
    }

    /// Renders a glyph as 8-bit grey coverage, or nil when FreeType cannot (a broken glyph, an unsupported
    /// format); callers fall back to another glyph rather than failing the whole text.
    func render(glyphIndex: UInt32) -> GlyphBitmap? {
        guard FT_Load_Glyph(face, FT_UInt(glyphIndex), FT_Int32(FT_LOAD_RENDER)) == 0,
              let slot = face.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_BITMAP
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        guard width <= largestGlyphSide, height <= largestGlyphSide else { return nil }
        var glyph = GlyphBitmap(width: width, height: height, left: Int(slot.pointee.bitmap_left),
                                top: Int(slot.pointee.bitmap_top), coverage: [])
        guard !glyph.isEmpty else { return glyph }
        guard let buffer = bitmap.buffer, let coverage = Self.coverage(of: bitmap, buffer: buffer) else { return nil }
        glyph.coverage = coverage
        return glyph
    }

    /// Copies a FreeType bitmap into top-to-bottom 8-bit coverage. A negative pitch means the rows are
    /// stored bottom-up: `buffer` is then the bottom row and each step of `pitch` goes one row down the
    /// image from the top row at the far end.
    private static func coverage(of bitmap: FT_Bitmap, buffer: UnsafeMutablePointer<UInt8>) -> [UInt8]? {
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        let topRow = pitch < 0 ? buffer - pitch * (height - 1) : buffer
        var coverage = [UInt8](repeating: 0, count: width * height)
        switch Int32(bitmap.pixel_mode) {
        case Int32(FT_PIXEL_MODE_GRAY.rawValue):
            let levels = max(Int(bitmap.num_grays), 2)
            for row in 0..<height {
                let source = topRow + row * pitch
                for column in 0..<width {
                    let value = Int(source[column])
                    coverage[row * width + column] = levels == 256 ? UInt8(value) : UInt8(min(255, value * 255 / (levels - 1)))
                }
            }
        case Int32(FT_PIXEL_MODE_MONO.rawValue):
            for row in 0..<height {
                let source = topRow + row * pitch
                for column in 0..<width where source[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 {
                    coverage[row * width + column] = 255
                }
            }
        case Int32(FT_PIXEL_MODE_BGRA.rawValue):
            // Colour glyphs (emoji) keep only their shape; the overlay tints text with one colour.
            for row in 0..<height {
                let source = topRow + row * pitch
                for column in 0..<width {
                    coverage[row * width + column] = source[column * 4 + 3]
                }
            }
        default:
            return nil
        }
        return coverage
    }

    /// Latin capitals with accents, brackets and descenders: the tallest and deepest glyphs of everyday text.
    private static let tallCharacters = "ÀÁÂÃÄÅÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝÇ|()[]{}$@gjpqy_"

    /// How far the rendered glyphs of `characters` reach above and below the baseline, in pixels.
    private static func inkExtent(of face: FT_Face, characters: String) -> (above: Int, below: Int) {
        var above = 0
        var below = 0
        for scalar in characters.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard index != 0, FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph,
                  slot.pointee.bitmap.rows > 0
            else { continue }
            let top = Int(slot.pointee.bitmap_top)
            above = max(above, top)
            below = max(below, Int(slot.pointee.bitmap.rows) - top)
        }
        return (above, below)
    }

    private static func fileExists(_ path: String) -> Bool {
        !path.isEmpty && access(path, F_OK) == 0
    }

    private static func pixelsRoundedUp(_ value: FT_Pos) -> Int {
        Int((value + 63) >> 6)
    }

    private static func pixelsRounded(_ value: FT_Pos) -> Int {
        Int((value + 32) >> 6)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}

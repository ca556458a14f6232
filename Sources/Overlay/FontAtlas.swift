import GPU

/// A monospaced font rasterised with FreeType into a glyph atlas texture, glyphs added on first use
/// (any Unicode scalar the font has; others drawn as the font's missing-glyph or '?').
///
/// Text is laid out in cells of `advance` pixels: one per character, tabs to the next multiple of
/// `tabWidth` cells, control characters none (see `columns(of:)`). Each glyph is clipped to its cell and
/// line box, so text drawn at (x, y) inks nothing outside `width(of:)` × `lineHeight` from there.
///
/// Measuring needs no GL context. The atlas texture is made by the first `OverlayRenderer` that uses the
/// font, in its context, and the font must then be used and released on that context's thread like any GL
/// object.
public final class FontAtlas {
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
    /// The bold face that comes in the same Debian package, for headlines.
    public static let defaultBoldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
    /// Cells from one tab stop to the next.
    public static let tabWidth = MonospaceCells.tabWidth

    public let path: String
    /// The size asked for: FreeType's em height in pixels.
    public let pixelHeight: Int

    let face: FreeTypeFace
    let texture: GlyphTexture
    private var packer: AtlasPacker
    private var glyphs: [Unicode.Scalar: AtlasGlyph] = [:]
    /// Combining marks and other scalars after a character's first, which are drawn only if the font has them.
    private var markGlyphs: [Unicode.Scalar: AtlasGlyph] = [:]
    /// Drawn for scalars the font lacks: its own missing-glyph box, or '?' if that is empty.
    private var replacement = AtlasGlyph.blank
    /// A texel of full coverage, which solid rectangles sample so they share the text's draw call.
    let solidTexel: (x: Int, y: Int)

    /// Opens the font and rasterises printable ASCII. Throws when the file is missing, is not a font, or
    /// renders nothing.
    public init(path: String = FontAtlas.defaultFontPath, pixelHeight: Int) throws(GPUError) {
        self.path = path
        self.pixelHeight = pixelHeight
        face = try FreeTypeFace(path: path, pixelHeight: pixelHeight)

        // About 32 cells to a shelf keeps the atlas squat; its height grows as glyphs arrive.
        let width = min(max(Self.powerOfTwo(atLeast: (face.cellAdvance + AtlasPacker.padding) * 32), 256), 2048)
        texture = GlyphTexture(width: width, initialHeight: max(64, Self.powerOfTwo(atLeast: (face.lineHeight + 2) * 4)))
        packer = AtlasPacker(width: width)
        guard let solid = packer.place(width: 1, height: 1, maximumHeight: texture.maximumHeight) else {
            throw GPUError("the glyph atlas for \(path) has no room")
        }
        texture.write([255], width: 1, height: 1, x: solid.x, y: solid.y)
        solidTexel = solid

        if let missing = face.render(glyphIndex: 0).flatMap(store), !missing.isBlank {
            replacement = missing
        } else if let question = face.glyphIndex(of: "?").flatMap(face.render(glyphIndex:)).flatMap(store), !question.isBlank {
            replacement = question
        } else {
            throw GPUError("the font \(path) has no glyph FreeType can render (not even its missing-glyph box or '?')")
        }
        for value in UInt8(ascii: " ")...UInt8(ascii: "~") {
            _ = glyph(for: Unicode.Scalar(value))
        }
    }

    /// Baseline to baseline, in pixels.
    public var lineHeight: Int { face.lineHeight }
    /// The cell width of every character, in pixels.
    public var advance: Int { face.cellAdvance }
    /// From the top of a line box down to its baseline, in pixels.
    public var baseline: Int { face.ascender }

    /// The cells `text` spans as one line: one per character, tabs to the next multiple of `tabWidth`
    /// counted from the start of `text`, control and format characters none.
    public func columns(of text: some StringProtocol) -> Int {
        MonospaceCells.columns(of: text)
    }

    /// The width of `text` drawn as one line, in pixels: `columns(of:) * advance`.
    public func width(of text: String) -> Int {
        columns(of: text) * advance
    }

    /// How many distinct scalars have been looked up so far (the printable ASCII ones from the start).
    public var cachedGlyphCount: Int { glyphs.count + markGlyphs.count }

    /// How many times GL storage has been allocated for the atlas texture; it stays flat while the text
    /// drawn uses glyphs already in the atlas.
    public var textureAllocationCount: Int { texture.allocationCount }

    /// Calls `body` for each glyph to draw for `text` and the column of the cell it goes in.
    func forEachGlyph(in text: String, _ body: (AtlasGlyph, Int) -> Void) {
        var column = 0
        for character in text {
            let next = MonospaceCells.column(after: character, from: column)
            if MonospaceCells.kind(of: character) == .visible {
                var scalars = character.unicodeScalars.makeIterator()
                if let first = scalars.next() {
                    body(glyph(for: first), column)
                }
                // Combining marks sit within the base's cell in this font's design; marks the font lacks are
                // left out rather than boxed over the base.
                while let mark = scalars.next() {
                    let glyph = markGlyph(for: mark)
                    if !glyph.isBlank { body(glyph, column) }
                }
            }
            column = next
        }
    }

    func glyph(for scalar: Unicode.Scalar) -> AtlasGlyph {
        if let cached = glyphs[scalar] { return cached }
        let glyph = rendered(scalar) ?? replacement
        glyphs[scalar] = glyph
        return glyph
    }

    private func markGlyph(for scalar: Unicode.Scalar) -> AtlasGlyph {
        if let cached = markGlyphs[scalar] { return cached }
        let glyph = rendered(scalar) ?? .blank
        markGlyphs[scalar] = glyph
        return glyph
    }

    private func rendered(_ scalar: Unicode.Scalar) -> AtlasGlyph? {
        guard let index = face.glyphIndex(of: scalar), let bitmap = face.render(glyphIndex: index) else { return nil }
        return store(bitmap)
    }

    /// Places a rendered glyph in the atlas; nil when the atlas is full.
    private func store(_ bitmap: GlyphBitmap) -> AtlasGlyph? {
        let bitmap = bitmap.clipped(toCellWidth: face.cellAdvance, lineHeight: face.lineHeight, baseline: face.ascender)
        guard !bitmap.isEmpty else { return .blank }
        guard let origin = packer.place(width: bitmap.width, height: bitmap.height, maximumHeight: texture.maximumHeight),
              texture.reserve(rows: packer.usedHeight)
        else { return nil }
        texture.write(bitmap.coverage, width: bitmap.width, height: bitmap.height, x: origin.x, y: origin.y)
        return AtlasGlyph(atlasX: origin.x, atlasY: origin.y, width: bitmap.width, height: bitmap.height,
                          offsetX: bitmap.left, offsetY: face.ascender - bitmap.top)
    }

    private static func powerOfTwo(atLeast value: Int) -> Int {
        var power = 1
        while power < value { power *= 2 }
        return power
    }
}

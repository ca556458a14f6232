/// A glyph's coverage in the atlas and where it goes relative to its cell, in pixels.
struct AtlasGlyph {
    var atlasX: Int
    var atlasY: Int
    var width: Int
    var height: Int
    /// From the cell's left edge to the bitmap's.
    var offsetX: Int
    /// From the top of the line box down to the bitmap's top row.
    var offsetY: Int

    /// Nothing to draw: a space, or a glyph that could not be placed.
    static let blank = AtlasGlyph(atlasX: 0, atlasY: 0, width: 0, height: 0, offsetX: 0, offsetY: 0)

    var isBlank: Bool { width == 0 || height == 0 }
}

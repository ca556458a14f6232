/// One rendered glyph as 8-bit coverage, rows top to bottom, placed relative to the pen on the baseline.
struct GlyphBitmap {
    var width: Int
    var height: Int
    /// From the pen to the bitmap's left edge, in pixels (right is positive).
    var left: Int
    /// From the baseline up to the bitmap's top row, in pixels (up is positive, as FreeType has it).
    var top: Int
    /// `width * height` coverage values, 0 (empty) to 255 (covered).
    var coverage: [UInt8]

    var isEmpty: Bool { width == 0 || height == 0 }
}

extension GlyphBitmap {
    /// The part of the glyph inside its cell: `cellWidth` wide from the pen, and the line box from
    /// `baseline` above the baseline to `lineHeight - baseline` below it. Text then never inks outside the
    /// box its measured width and line height describe, which the panels behind it are sized to.
    func clipped(toCellWidth cellWidth: Int, lineHeight: Int, baseline: Int) -> GlyphBitmap {
        let firstColumn = max(0, -left)
        let endColumn = min(width, cellWidth - left)
        let rowsAboveLine = top - baseline
        let firstRow = max(0, rowsAboveLine)
        let endRow = min(height, lineHeight - baseline + top)
        guard firstColumn < endColumn, firstRow < endRow else {
            return GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])
        }
        if firstColumn == 0, firstRow == 0, endColumn == width, endRow == height { return self }
        var kept: [UInt8] = []
        kept.reserveCapacity((endColumn - firstColumn) * (endRow - firstRow))
        for row in firstRow..<endRow {
            kept += coverage[(row * width + firstColumn)..<(row * width + endColumn)]
        }
        return GlyphBitmap(width: endColumn - firstColumn, height: endRow - firstRow, left: left + firstColumn,
                           top: top - firstRow, coverage: kept)
    }
}

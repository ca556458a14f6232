import GPU

/// The glyph atlas's coverage as a single-channel R8 texture, with a copy in memory. Glyphs are written into
/// the copy when first used, and the texture catches up when it is next drawn with: only the rows written
/// since are uploaded, and the texture is reallocated only when the atlas has grown taller.
///
/// The texture is created on first use, in the GL context current then, so a font can be measured and laid
/// out before (or without) any GL context.
final class GlyphTexture {
    let width: Int
    /// Rows the atlas may grow to; every OpenGL ES 3 driver supports 2048-texel textures.
    let maximumHeight: Int
    /// Rows held in memory (and in the texture once it catches up).
    private(set) var height: Int
    private var pixels: [UInt8]

    private var texture: ByteTexture?
    private var allocatedHeight = 0
    private var dirtyRows: Range<Int>?
    /// How many times GL storage was allocated for the texture; flat once every glyph in use is in it.
    private(set) var allocationCount = 0

    init(width: Int, initialHeight: Int, maximumHeight: Int = 2048) {
        self.width = width
        self.maximumHeight = maximumHeight
        height = min(initialHeight, maximumHeight)
        pixels = [UInt8](repeating: 0, count: width * height)
    }

    /// Makes room for `rows` rows, doubling so that growth is rare; false when that would pass the maximum.
    func reserve(rows: Int) -> Bool {
        guard rows > height else { return true }
        guard rows <= maximumHeight else { return false }
        var newHeight = height
        while newHeight < rows { newHeight *= 2 }
        newHeight = min(newHeight, maximumHeight)
        pixels.append(contentsOf: repeatElement(0, count: width * (newHeight - height)))
        height = newHeight
        return true
    }

    /// Copies coverage rows (top first) to the given top-left; the rows must have been reserved.
    func write(_ coverage: [UInt8], width rectangleWidth: Int, height rectangleHeight: Int, x: Int, y: Int) {
        guard rectangleWidth > 0, rectangleHeight > 0 else { return }
        for row in 0..<rectangleHeight {
            let target = (y + row) * width + x
            let source = row * rectangleWidth
            pixels.replaceSubrange(target..<(target + rectangleWidth), with: coverage[source..<(source + rectangleWidth)])
        }
        markDirty(y..<(y + rectangleHeight))
    }

    private func markDirty(_ rows: Range<Int>) {
        if let dirty = dirtyRows {
            dirtyRows = min(dirty.lowerBound, rows.lowerBound)..<max(dirty.upperBound, rows.upperBound)
        } else {
            dirtyRows = rows
        }
    }

    /// Creates the texture if needed and uploads what changed, leaving it bound to texture unit `unit`, the
    /// active one. The caller saves and restores the texture bindings and the unpack alignment.
    func bindUpToDate(toUnit unit: Int) throws(GPUError) {
        let texture = texture ?? ByteTexture(channels: .red, unit: unit)
        self.texture = texture
        texture.bind(toUnit: unit)
        if allocatedHeight != height {
            pixels.withUnsafeBytes { bytes in
                texture.allocate(width: width, height: height, texels: bytes.baseAddress)
            }
            allocationCount += 1
            dirtyRows = nil
            try GLInfo.check("allocating a \(width)×\(height) glyph atlas")
            allocatedHeight = height
        } else if let rows = dirtyRows {
            pixels.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress {
                    texture.replace(rows: rows, from: base + rows.lowerBound * width)
                }
            }
            dirtyRows = nil
        }
    }
}

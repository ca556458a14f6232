import CGLES
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

    private var name: GLuint = 0
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

    /// Creates the texture if needed and uploads what changed, leaving it bound to `GL_TEXTURE_2D` on the
    /// active unit. The caller saves and restores the binding and the unpack alignment.
    func bindUpToDate() throws(GPUError) {
        if name == 0 {
            var texture: GLuint = 0
            glGenTextures(1, &texture)
            name = texture
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
            // texelFetch ignores filtering, but a texture whose minifying filter wants mipmaps is incomplete
            // and would read as zero.
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        } else {
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        if allocatedHeight != height {
            pixels.withUnsafeBytes { bytes in
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(width), GLsizei(height), 0,
                             GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
            allocationCount += 1
            dirtyRows = nil
            try OverlayGLCheck.check("allocating a \(width)×\(height) glyph atlas")
            allocatedHeight = height
        } else if let rows = dirtyRows {
            pixels.withUnsafeBytes { bytes in
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(rows.lowerBound), GLsizei(width), GLsizei(rows.count),
                                GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress.map { $0 + rows.lowerBound * width })
            }
            dirtyRows = nil
        }
    }

    deinit {
        if name != 0 {
            var texture = name
            glDeleteTextures(1, &texture)
        }
    }
}

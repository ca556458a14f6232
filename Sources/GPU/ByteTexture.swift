import CGLES

/// A texture of 8-bit channels whose texels come from bytes in memory: a frame's plane as the camera or
/// decoder delivered it, a glyph atlas. Read texel for texel: nearest filtering and clamped edges.
public final class ByteTexture {
    public enum Channels {
        case red
        case redGreen
        case rgb
        case rgba

        public var bytesPerTexel: Int {
            switch self {
            case .red: 1
            case .redGreen: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        var formats: (internal: GLint, external: GLenum) {
            switch self {
            case .red: (GL_R8, GLenum(GL_RED))
            case .redGreen: (GL_RG8, GLenum(GL_RG))
            case .rgb: (GL_RGB8, GLenum(GL_RGB))
            case .rgba: (GL_RGBA8, GLenum(GL_RGBA))
            }
        }
    }

    public let channels: Channels
    /// Texels a row, from the last allocation.
    public private(set) var width = 0
    private let texture = GLObject(.texture)

    /// A texture with no storage yet, left bound to texture unit `unit`.
    public init(channels: Channels, unit: Int) {
        self.channels = channels
        bind(toUnit: unit)
        // texelFetch ignores filtering, but a texture whose minifying filter wants mipmaps is incomplete and
        // would read as zero.
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_CLAMP_TO_EDGE)
        }
    }

    /// Makes `unit` the active texture unit and binds this texture to it.
    public func bind(toUnit unit: Int) {
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
    }

    /// Gives the texture `width`×`height` texels of new storage, filled from `texels` (rows tightly packed,
    /// top first) or left undefined when nil. Binds the texture on the active unit. Sets the unpack alignment
    /// to 1, as every byte upload here needs.
    public func allocate(width: Int, height: Int, texels: UnsafeRawPointer?) {
        self.width = width
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let (internalFormat, format) = channels.formats
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0, format, GLenum(GL_UNSIGNED_BYTE), texels)
    }

    /// Replaces whole rows from `texels`, whose rows lie `rowLength` texels apart
    /// (nil: tightly packed). Binds the texture on the active unit; sets the unpack alignment to 1 and leaves
    /// the unpack row length at its default.
    public func replace(rows: Range<Int>, from texels: UnsafeRawPointer, rowLength: Int? = nil) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        if let rowLength { glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(rowLength)) }
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(rows.lowerBound), GLsizei(width), GLsizei(rows.count),
                        channels.formats.external, GLenum(GL_UNSIGNED_BYTE), texels)
        if rowLength != nil { glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0) }
    }
}

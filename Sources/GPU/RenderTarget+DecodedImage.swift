import CGLES
import Images
import ShaderGraph
import ShaderLanguage

extension RenderTarget {
    /// The format an image file's pixels are kept in: RGBA8 for 8-bit files; half floats for 16-bit ones, whose
    /// 11 significant bits keep at least eight levels between two 8-bit ones, more toward black. Half floats,
    /// not 16-bit normalised textures, because ES 3.0 filters them without an extension.
    static func format(for image: DecodedImage) -> PixelFormat {
        switch image {
        case .eightBit: .rgba8
        case .sixteenBit: .rgba16f
        }
    }

    /// A target holding an image file's pixels at their own depth, row 0 (the image's top) at t = 0.
    public convenience init(image: DecodedImage) throws(GPUError) {
        let size = PixelSize(width: image.width, height: image.height)
        try self.init(TextureDescriptor(size: size, format: Self.format(for: image)))
        upload(image)
        try GLInfo.check("uploading a \(size) \(descriptor.format.rawValue) image")
    }

    /// Replaces the contents with `image`, which must have this target's size and the format `format(for:)`
    /// names for it.
    public func upload(_ image: DecodedImage) {
        switch image {
        case .eightBit(let pixels):
            upload(pixels)
        case .sixteenBit(let pixels):
            // ES 3.0 takes floats for a half-float texture and converts them itself.
            let floats = pixels.samples.map { Float($0) / 65535 }
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
            floats.withUnsafeBytes { bytes in
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(pixels.width), GLsizei(pixels.height),
                                GLenum(GL_RGBA), GLenum(GL_FLOAT), bytes.baseAddress)
            }
        }
    }
}

import CGLES
import Images
import ShaderGraph
import ShaderLanguage

/// A texture with a framebuffer drawing into it: the output of a pass, or an uploaded source image
/// (which then reads back the same way). Owns both GL objects.
public final class RenderTarget {
    public let descriptor: TextureDescriptor
    public let texture: GLuint
    public let framebuffer: GLuint
    /// False for an app's texture lent to an embedded composition: it is the app's to delete.
    public let ownsTexture: Bool
    /// Nil when the texture is an app's.
    private let textureObject: GLObject?
    /// The targets whose textures are drawn beside this one's where the descriptor asks for more than one.
    private let others: [RenderTarget]
    private let framebufferObject: GLObject
    /// The sampling filter last set, so a pass only touches texture state when it changes.
    private var filter: GLint = 0
    /// The edge mode last set; every texture starts clamped.
    private var wrap: GLint = GL_CLAMP_TO_EDGE

    public var size: PixelSize { descriptor.size }

    /// `storesImages`: its texture's storage is fixed (`glTexStorage2D`), as a compute kernel's `image2D` needs
    /// on OpenGL ES 3.1; such a texture has no mipmaps to build.
    public init(_ descriptor: TextureDescriptor, storesImages: Bool = false) throws(GPUError) {
        self.descriptor = descriptor
        ownsTexture = true
        let ownedTexture = GLObject(.texture)
        texture = ownedTexture.name
        textureObject = consume ownedTexture
        var single = descriptor
        single.attachments = 1
        others = try (1..<max(descriptor.attachments, 1)).map { _ throws(GPUError) in try RenderTarget(single) }
        framebufferObject = GLObject(.framebuffer)
        framebuffer = framebufferObject.name

        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        let (internalFormat, type) = Self.storage(for: descriptor.format)
        if storesImages {
            glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(internalFormat), GLsizei(descriptor.size.width), GLsizei(descriptor.size.height))
        } else {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(descriptor.size.width), GLsizei(descriptor.size.height),
                         0, GLenum(GL_RGBA), type, nil)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        setFilter(GL_NEAREST)
        try GLInfo.check("allocating a \(descriptor) texture")

        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        let textures = [texture] + others.map(\.texture)
        let buffers = textures.indices.map { GLenum(GL_COLOR_ATTACHMENT0) + GLenum($0) }
        for (texture, buffer) in zip(textures, buffers) {
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), buffer, GLenum(GL_TEXTURE_2D), texture, 0)
        }
        if buffers.count > 1 { glDrawBuffers(GLsizei(buffers.count), buffers) }
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GPUError("a \(descriptor) render target is not supported here (framebuffer status 0x\(String(status, radix: 16)))")
        }
    }

    /// An app's RGBA texture, read as an input (row 0 is the image's top) and never deleted here. Its edges
    /// are set to clamp, as every image here does, and its filter as passes need.
    public init(borrowing texture: GLuint, size: PixelSize) throws(GPUError) {
        descriptor = TextureDescriptor(size: size)
        self.texture = texture
        ownsTexture = false
        textureObject = nil
        others = []
        framebufferObject = GLObject(.framebuffer)
        framebuffer = framebufferObject.name
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        setFilter(GL_NEAREST)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GPUError("texture \(texture) is not a \(size) colour texture that can be read (framebuffer status 0x\(String(status, radix: 16)))")
        }
    }

    /// A target holding an image's pixels, row 0 (the image's top) at texture coordinate t = 0.
    public convenience init(image: RGBAImage) throws(GPUError) {
        try self.init(TextureDescriptor(size: PixelSize(width: image.width, height: image.height)))
        upload(image)
        try GLInfo.check("uploading a \(image.width)×\(image.height) image")
    }

    /// Replaces the contents with `image`, which must have this target's size and be RGBA8.
    public func upload(_ image: RGBAImage) {
        image.pixels.withUnsafeBytes { bytes in
            upload(rgba: bytes.baseAddress!, rowLength: image.width)
        }
    }

    /// Replaces the contents of an RGBA8 target with `texels`, row 0 first, their rows `rowLength` texels apart.
    /// Leaves the unpack row length at its default.
    func upload(rgba texels: UnsafeRawPointer, rowLength: Int) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(rowLength))
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(size.width), GLsizei(size.height),
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), texels)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }

    /// Replaces the contents of a float target with RGBA `floats`, row 0 first.
    func upload(floats: [Float]) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        floats.withUnsafeBytes { bytes in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(size.width), GLsizei(size.height),
                            GLenum(GL_RGBA), GLenum(GL_FLOAT), bytes.baseAddress)
        }
    }

    /// Binds the texture to `unit` with the given filter (nearest for 1:1 sampling, linear when scaling, or
    /// `GL_LINEAR_MIPMAP_LINEAR`, which rebuilds the mipmap chain from the image as it is now) and edge mode.
    func bind(toUnit unit: Int, filter: GLint, wrap: GLint = GL_CLAMP_TO_EDGE) {
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        if self.filter != filter { setFilter(filter) }
        if self.wrap != wrap {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), wrap)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), wrap)
            self.wrap = wrap
        }
        if filter == GL_LINEAR_MIPMAP_LINEAR { glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
    }

    private func setFilter(_ filter: GLint) {
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        // Magnifying has no mipmap levels to choose between.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter == GL_LINEAR_MIPMAP_LINEAR ? GL_LINEAR : filter)
        self.filter = filter
    }

    /// Makes attachment `index` the one the bound framebuffer reads from (0, the first texture, unless told).
    func selectForReading(attachment index: Int) {
        glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0) + GLenum(index))
    }

    /// Makes this the target of the next draws.
    func bindForDrawing() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(descriptor.size.width), GLsizei(descriptor.size.height))
    }

    /// Reads the pixels back, row 0 first: the image's top row, by the convention of `init(image:)`.
    /// Half-float targets are read as floats and rounded to 8 bits.
    public func readPixels() -> RGBAImage {
        let width = descriptor.size.width
        let height = descriptor.size.height
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        switch descriptor.format {
        case .rgba8:
            pixels.withUnsafeMutableBytes { bytes in
                glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
        case .rgba16f, .rgba32f:
            let floats = readFloats()
            for index in floats.indices {
                pixels[index] = EightBitLevel.of(floats[index])
            }
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The pixels into `bytes` (resized to width × height × 4), row 0 first, reusing its storage from frame to
    /// frame; half-float targets are read as floats and rounded to 8 bits, as `readPixels()` does.
    public func readPixels(into bytes: inout [UInt8]) {
        guard descriptor.format == .rgba8 else {
            bytes = readPixels().pixels
            return
        }
        let width = descriptor.size.width, height = descriptor.size.height
        if bytes.count != width * height * 4 { bytes = [UInt8](repeating: 0, count: width * height * 4) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        bytes.withUnsafeMutableBytes { buffer in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// The pixels of a float target as floats, row 0 first. ES 3 guarantees RGBA/FLOAT reads from float
    /// colour buffers (not unsigned bytes), which is how reductions read their few pixels.
    public func readFloats() -> [Float] {
        let width = descriptor.size.width, height = descriptor.size.height
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        var floats = [Float](repeating: 0, count: width * height * 4)
        floats.withUnsafeMutableBytes { bytes in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_FLOAT), bytes.baseAddress)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        return floats
    }

    /// One pixel's colour, from 0 to 1, at a pixel position from the top-left row.
    public func readPixel(x: Int, y: Int) -> [Float] {
        let column = min(max(x, 0), descriptor.size.width - 1), row = min(max(y, 0), descriptor.size.height - 1)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0) }
        if descriptor.format == .rgba8 {
            var bytes = [UInt8](repeating: 0, count: 4)
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            glReadPixels(GLint(column), GLint(row), 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &bytes)
            return bytes.map { Float($0) / 255 }
        }
        var floats = [Float](repeating: 0, count: 4)
        glReadPixels(GLint(column), GLint(row), 1, 1, GLenum(GL_RGBA), GLenum(GL_FLOAT), &floats)
        return floats
    }

    static func storage(for format: PixelFormat) -> (internalFormat: GLint, type: GLenum) {
        switch format {
        case .rgba8: (GL_RGBA8, GLenum(GL_UNSIGNED_BYTE))
        case .rgba16f: (GL_RGBA16F, GLenum(GL_HALF_FLOAT))
        case .rgba32f: (GL_RGBA32F, GLenum(GL_FLOAT))
        }
    }
}

import CGLES
import ShaderGraph
import ShaderLanguage

/// A one-channel image of fixed storage (`r32f` or `r32ui`) that compute kernels store into or load, with the
/// copies between it and the red channel of a colour image (`one-channel-copy.comp.glsl`): a node's target is
/// copied out after its kernels into the image others read, and another node's image copied in before a kernel
/// loads it as a one-channel input.
final class OneChannelImage {
    /// Which way its values are copied: out into a node's colour image, or in from another node's.
    enum Direction {
        case toColour
        case fromColour
    }

    let format: OneChannelFormat
    let size: PixelSize
    private let textureObject: GLObject
    /// The copy its direction needs, the only one built.
    private let copy: ComputeProgram

    var texture: GLuint { textureObject.name }

    var internalFormat: GLenum { GLenum(format == .r32ui ? GL_R32UI : GL_R32F) }

    init(_ format: OneChannelFormat, size: PixelSize, direction: Direction) throws(GPUError) {
        self.format = format
        self.size = size
        textureObject = GLObject(.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), textureObject.name)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(format == .r32ui ? GL_R32UI : GL_R32F), GLsizei(size.width), GLsizei(size.height))
        // Fixed storage starts undefined; kernels that count into it start from zeros.
        let zeros = [UInt32](repeating: 0, count: size.width * size.height)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(size.width), GLsizei(size.height),
                        GLenum(format == .r32ui ? GL_RED_INTEGER : GL_RED), GLenum(format == .r32ui ? GL_UNSIGNED_INT : GL_FLOAT), zeros)
        // Integer textures are complete only unfiltered.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        copy = try ComputeProgram(builtIn: GPUShaderFile.oneChannelCopy(format, toStored: direction == .fromColour), what: "the \(format.rawValue) image copy")
        try GLInfo.check("making an \(format.rawValue) image")
    }

    /// Binds it to image unit `unit` for the node's kernels to read and write.
    func bind(toUnit unit: Int) {
        glBindImageTexture(GLuint(unit), texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_READ_WRITE), internalFormat)
    }

    /// (Made `.toColour`.) Its values into the red channel of `colour`, an `rgba32f` image of its size with fixed storage; visible to
    /// every reader after.
    func copy(into colour: RenderTarget) {
        glUseProgram(copy.name)
        bind(toUnit: 0)
        glBindImageTexture(1, colour.texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_RGBA32F))
        dispatch()
        glMemoryBarrier(ComputeBarrier.beforeReaders.glBits)
    }

    /// (Made `.fromColour`.) The red channel of `colour` into it, whole numbers for `r32ui`; visible to the kernels after. Leaves
    /// texture unit 0 and image unit 0 to be bound again.
    func copy(from colour: RenderTarget) {
        glUseProgram(copy.name)
        colour.bind(toUnit: 0, filter: GL_NEAREST)
        bind(toUnit: 0)
        dispatch()
        glMemoryBarrier(GLbitfield(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT))
    }

    private func dispatch() {
        glDispatchCompute(GLuint((size.width + 7) / 8), GLuint((size.height + 7) / 8), 1)
    }
}

extension GPUShaderFile {
    /// The one-channel copy kernel for `format`, copying into the one-channel image (`toStored`) or out of it: its
    /// text with the macros that choose those defined after its `#version` line.
    package static func oneChannelCopy(_ format: OneChannelFormat, toStored: Bool) -> String {
        let macros = (format == .r32ui ? ["UNSIGNED"] : []) + (toStored ? ["TO_STORED"] : [])
        var lines = oneChannelCopy.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(contentsOf: macros.map { "#define \($0)" }, at: 1)
        return lines.joined(separator: "\n")
    }
}

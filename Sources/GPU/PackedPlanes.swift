import CGLES
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// How a frame's YUV 4:2:0 planes are drawn and read back (`YUV420Packing`): one texel of three targets for each
/// block of 4×2 pixels, the first two holding luma's upper and lower rows, the third the block's two chroma
/// samples, Cb and Cr interleaved. Reading the two luma targets with every other row skipped puts luma's rows in
/// order; the chroma is split into its two planes on the CPU as the frame is mapped, a few hundred kilobytes.
/// Only 1.5 bytes a pixel cross to the CPU instead of 4, and each pixel is found once.
///
/// 4:2:0 needs an even size: an odd width or height gains a column or row repeating the last one.
struct PackedPlanes {
    /// The frames' size: the image's, rounded up to even.
    let size: PixelSize
    /// The targets: a texel for each block of 4×2 pixels, three textures drawn at once.
    let targets: TextureDescriptor
    /// The bytes the reads put in a buffer: luma's rows, then the interleaved chroma's.
    let readByteCount: Int
    private var bytesPerRow: Int { targets.size.width * 4 }

    init(imageSize: PixelSize) {
        let width = imageSize.width + imageSize.width % 2, height = imageSize.height + imageSize.height % 2
        size = PixelSize(width: width, height: height)
        targets = TextureDescriptor(size: PixelSize(width: (width + 3) / 4, height: height / 2), attachments: 3)
        readByteCount = targets.size.width * 4 * (height + height / 2)
    }

    /// The frames' layout: luma's rows a target's row of bytes apart, then Cb's and Cr's at half that.
    func layout(matrix: ColorEncoding.Matrix) -> FrameLayout {
        let lumaBytes = bytesPerRow * size.height, chromaBytes = bytesPerRow / 2 * size.height / 2
        return FrameLayout(format: .i420, width: size.width, height: size.height,
                           planes: [FrameLayout.Plane(offset: 0, bytesPerRow: bytesPerRow),
                                    FrameLayout.Plane(offset: lumaBytes, bytesPerRow: bytesPerRow / 2),
                                    FrameLayout.Plane(offset: lumaBytes + chromaBytes, bytesPerRow: bytesPerRow / 2)],
                           byteCount: lumaBytes + 2 * chromaBytes, encoding: ColorEncoding(matrix: matrix, range: .limited))
    }

    /// The packing's uniforms in a program, resolved once.
    struct Uniforms {
        let imageSize: GLint

        /// Also sets the matrix's uniforms, which stay, in the program in use, whose locations `location` gives.
        init(in location: (String) -> GLint, packing: YUV420Packing) {
            imageSize = location(YUV420Packing.imageSize)
            let values = packing.uniformValues
            glUniform3fv(location(YUV420Packing.lumaWeights), 1, values.lumaWeights)
            glUniform2fv(location(YUV420Packing.chromaSpans), 1, values.chromaSpans)
        }
    }

    /// Packs an image of `imageSize` into the bound targets with the program in use.
    func draw(imageSize: PixelSize, uniforms: Uniforms, quad: FullscreenQuad) {
        glUniform2i(uniforms.imageSize, GLint(imageSize.width), GLint(imageSize.height))
        quad.draw()
    }

    /// Starts reading `packed` (drawn as `targets`) into `buffer`: luma's upper rows and lower rows each two rows
    /// apart, which interleaves them, then the chroma.
    func startReading(_ packed: RenderTarget, into buffer: PixelPackBuffer) {
        let texels = targets.size
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), packed.framebuffer)
        for attachment in 0..<2 {
            packed.selectForReading(attachment: attachment)
            buffer.startReading(width: texels.width, height: texels.height, offset: attachment * bytesPerRow, rowLength: 2 * texels.width)
        }
        packed.selectForReading(attachment: 2)
        buffer.startReading(width: texels.width, height: texels.height, offset: bytesPerRow * size.height)
        packed.selectForReading(attachment: 0)
    }

    /// `read` (as `startReading` left it) as the frame's bytes: luma as it is, the interleaved chroma split in two.
    func unpack(_ read: UnsafeRawBufferPointer, into bytes: inout [UInt8]) {
        let lumaBytes = bytesPerRow * size.height, chromaBytes = bytesPerRow / 2 * size.height / 2
        if bytes.count != lumaBytes + 2 * chromaBytes { bytes = [UInt8](repeating: 0, count: lumaBytes + 2 * chromaBytes) }
        bytes.withUnsafeMutableBytes { frame in
            frame.baseAddress!.copyMemory(from: read.baseAddress!, byteCount: lumaBytes)
            let interleaved = read.baseAddress!.advanced(by: lumaBytes).assumingMemoryBound(to: UInt8.self)
            let cb = frame.baseAddress!.advanced(by: lumaBytes).assumingMemoryBound(to: UInt8.self)
            let cr = cb.advanced(by: chromaBytes)
            for index in 0..<chromaBytes {
                cb[index] = interleaved[2 * index]
                cr[index] = interleaved[2 * index + 1]
            }
        }
    }
}

extension YUV420Packing {
    /// The packing into `matrix`'s colours.
    package init(_ matrix: ColorEncoding.Matrix) {
        let (red, blue) = matrix.weights
        self.init(redWeight: Double(red), blueWeight: Double(blue))
    }
}

import CGLES
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Where the YUV 4:2:0 planes of an image lie in one RGBA texture, four bytes of a plane to a texel
/// (`YUV420Packing`), so that only 1.5 bytes a pixel cross to the CPU instead of 4. The luma plane fills the
/// texture's lower rows; Cb and Cr lie side by side in the rows above it. Each plane is drawn into its own
/// region, so a fragment knows its pixels from its position alone: no integer division, which GPUs (and
/// llvmpipe's vector code) do slowly.
///
/// 4:2:0 needs an even size: an odd width or height gains a column or row repeating the last one.
struct PackedPlanes {
    /// The frames' size: the image's, rounded up to even.
    let size: PixelSize
    /// The texture's size, in texels of four bytes.
    let textureSize: PixelSize
    /// Each plane's region of the texture, in the order luma, Cb, Cr.
    let regions: [PixelRectangle]

    init(imageSize: PixelSize) {
        let width = imageSize.width + imageSize.width % 2, height = imageSize.height + imageSize.height % 2
        size = PixelSize(width: width, height: height)
        let lumaTexels = (width + 3) / 4, chromaTexels = (width / 2 + 3) / 4
        textureSize = PixelSize(width: max(lumaTexels, 2 * chromaTexels), height: height + height / 2)
        regions = [PixelRectangle(x: 0, y: 0, width: lumaTexels, height: height),
                   PixelRectangle(x: 0, y: height, width: chromaTexels, height: height / 2),
                   PixelRectangle(x: chromaTexels, y: height, width: chromaTexels, height: height / 2)]
    }

    /// The frames' layout once the texture is read back whole, row 0 first, in `matrix`'s colours.
    func layout(matrix: ColorEncoding.Matrix) -> FrameLayout {
        let bytesPerRow = textureSize.width * 4
        return FrameLayout(format: .i420, width: size.width, height: size.height,
                           planes: regions.map { FrameLayout.Plane(offset: $0.y * bytesPerRow + $0.x * 4, bytesPerRow: bytesPerRow) },
                           byteCount: textureSize.height * bytesPerRow, encoding: ColorEncoding(matrix: matrix, range: .limited))
    }

    /// The packing's uniforms in `program`, resolved once.
    struct Uniforms {
        let imageSize: GLint
        let plane: GLint
        let origin: GLint

        /// Also sets the matrix's uniforms, which stay, in the program in use, whose locations `location` gives.
        init(in location: (String) -> GLint, packing: YUV420Packing) {
            imageSize = location(YUV420Packing.imageSize)
            plane = location(YUV420Packing.plane)
            origin = location(YUV420Packing.origin)
            let values = packing.uniformValues
            glUniform3fv(location(YUV420Packing.lumaWeights), 1, values.lumaWeights)
            glUniform2fv(location(YUV420Packing.chromaSpans), 1, values.chromaSpans)
        }
    }

    /// Packs an image of `imageSize` into the bound target with the program in use: one pass, a region a plane.
    func draw(imageSize: PixelSize, uniforms: Uniforms, quad: FullscreenQuad) {
        glUniform2i(uniforms.imageSize, GLint(imageSize.width), GLint(imageSize.height))
        quad.draw(into: regions) { plane, region in
            glUniform1i(uniforms.plane, GLint(plane))
            glUniform2i(uniforms.origin, GLint(region.x), GLint(region.y))
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

import CGLES
import ShaderGraph
import ShaderLanguage

/// Measures an image on the GPU. Averages (and the centroid, an average of position-weighted mask values,
/// encoded as the first pass reads the mask) shrink the image 4×4 texels per pass into single-float targets
/// until one texel is left, weighting each texel by how many of the original pixels it stands for, so
/// sizes that are not powers of four and non-square frames average exactly; then one pixel is read back. Min/max shrinks the same way; a
/// histogram scatters one point per pixel into 256 bins with additive blending.
final class ImageReduction {
    let reduction: Reduction
    private let quad: FullscreenQuad
    /// The first level reads the input and encodes it; the later ones shrink what the level before made.
    private let firstShrink: BuiltInProgram?
    private let shrink: BuiltInProgram?
    private let histogram: BuiltInProgram?
    /// Each shrunk level down to 1×1 (for a histogram, its bins).
    private let levels: [RenderTarget]
    private let inputSize: PixelSize
    /// The histogram's points are placed from `gl_VertexID` alone, but a draw still needs a vertex array.
    private let emptyVertexArray: VertexArray?

    init(_ reduction: Reduction, inputSize: PixelSize) throws(GPUError) {
        self.reduction = reduction
        self.inputSize = inputSize
        quad = try FullscreenQuad()
        var levels: [RenderTarget] = []
        switch reduction.measure {
        case .histogram:
            firstShrink = nil
            shrink = nil
            histogram = try Self.program(vertex: GPUShaderFile.histogramVertex.text, fragment: GPUShaderFile.histogramFragment.text)
            emptyVertexArray = VertexArray()
            levels = [try RenderTarget(TextureDescriptor(size: PixelSize(width: 256, height: reduction.perChannel ? 4 : 1), format: .rgba32f))]
        case .average, .centroid, .minmax:
            histogram = nil
            emptyVertexArray = nil
            switch reduction.measure {
            case .minmax:
                firstShrink = try Self.program(fragment: ReductionShaders.shrinkMinMax(luminance: true))
                shrink = try Self.program(fragment: ReductionShaders.shrinkMinMax(luminance: false))
            default:
                firstShrink = try Self.program(fragment: ReductionShaders.shrinkAverage(encodingCentroid: reduction.measure == .centroid))
                shrink = try Self.program(fragment: ReductionShaders.shrinkAverage(encodingCentroid: false))
            }
            var size = inputSize
            repeat {
                size = PixelSize(width: (size.width + 3) / 4, height: (size.height + 3) / 4)
                levels.append(try RenderTarget(TextureDescriptor(size: size, format: .rgba32f)))
            } while size.width > 1 || size.height > 1
        }
        self.levels = levels
    }

    /// A reduction's program, reading its source from unit 0.
    private static func program(vertex: String = GPUShaderFile.fullscreenVertex.text, fragment: String) throws(GPUError) -> BuiltInProgram {
        let program = try BuiltInProgram("a reduction", vertex: vertex, fragment: fragment,
                                         attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("source", unit: 0)
        return program
    }

    /// The measure of `input`, as the node's value.
    func measure(_ input: RenderTarget) -> [Float] {
        if let histogram { return countBins(of: input, with: histogram) }
        var source = input
        var span = 1
        for (level, target) in levels.enumerated() {
            guard let program = level == 0 ? firstShrink : shrink else { return [] }
            target.bindForDrawing()
            program.use()
            source.bind(toUnit: 0, filter: GL_NEAREST)
            glUniform2i(program.uniformLocation("sourceSize"), GLint(source.size.width), GLint(source.size.height))
            glUniform1i(program.uniformLocation("span"), GLint(span))
            glUniform2i(program.uniformLocation("originalSize"), GLint(inputSize.width), GLint(inputSize.height))
            quad.draw()
            source = target
            span *= 4
        }
        let pixel = Array(source.readFloats().prefix(4))
        switch reduction.measure {
        case .centroid:
            // Sums of x·w, y·w and w over the mask, each divided by the pixel count: dividing by the
            // mean weight gives the centroid, and the mean weight is the area.
            let area = pixel[2]
            return area > 0 ? [pixel[0] / area, pixel[1] / area, area] : [-1, -1, 0]
        case .minmax:
            return [pixel[0], pixel[1]]
        default:
            return pixel
        }
    }

    private func countBins(of input: RenderTarget, with program: BuiltInProgram) -> [Float] {
        let target = levels[0]
        target.bindForDrawing()
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        program.use()
        input.bind(toUnit: 0, filter: GL_NEAREST)
        glUniform1i(program.uniformLocation("width"), GLint(inputSize.width))
        glUniform1i(program.uniformLocation("rows"), GLint(target.size.height))
        Blending.add.enable()
        emptyVertexArray?.drawInstanced(.points, vertexCount: inputSize.width * inputSize.height, instanceCount: target.size.height)
        VertexArray.unbind()
        Blending.disable()
        let floats = target.readFloats()
        return stride(from: 0, to: floats.count, by: 4).map { floats[$0] }
    }
}

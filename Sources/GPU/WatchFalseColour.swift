import CGLES
import ShaderGraph
import ShaderLanguage

/// A watched expression's float images (`ShaderWatchPass`) drawn in false colour for the window: numbers along a
/// ramp over the range found in the frame, vectors as colours scaled by their largest magnitude, bools in two
/// colours, grey where the line never ran. The range is found on the GPU (`watch-range.frag.glsl`, 4×4 texels a
/// level) and one pixel of it read back, a cost only while a watch is shown.
public final class WatchFalseColour {
    public struct Shown {
        public let image: RenderTarget
        /// The type's name, and the smallest and largest value (for a vector, of any component) where the line ran.
        public let type: String?
        public let range: ClosedRange<Float>?
        /// The ISF pass shown (0 without PASSES): the last in which the line ran.
        public let pass: Int
    }

    private let program: BuiltInProgram
    private let firstRange: BuiltInProgram
    private let range: BuiltInProgram
    private let quad: FullscreenQuad
    private var target: RenderTarget?
    /// The range's levels, by the size of the image they shrink.
    private var levels: (size: PixelSize, targets: [RenderTarget])?

    public init() throws(GPUError) {
        program = try BuiltInProgram("a watch's false colours", vertex: GPUShaderFile.fullscreenVertex.text,
                                     fragment: GPUShaderFile.watchFalseColour.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("value", unit: 0)
        program.setSampler("runs", unit: 1)
        firstRange = try BuiltInProgram("a watch's range", vertex: GPUShaderFile.fullscreenVertex.text,
                                        fragment: GPUShaderFile.watchRange.text(defining: ["FIRST"]),
                                        attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        firstRange.setSampler("source", unit: 0)
        firstRange.setSampler("runs", unit: 1)
        range = try BuiltInProgram("a watch's range", vertex: GPUShaderFile.fullscreenVertex.text, fragment: GPUShaderFile.watchRange.text,
                                   attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        range.setSampler("source", unit: 0)
        quad = try FullscreenQuad()
    }

    /// Draws what `watch` recorded in the last frame: for an ISF shader with PASSES, the last pass in which its
    /// line ran anywhere.
    public func draw(_ watch: ShaderWatchPass) throws(GPUError) -> Shown {
        var chosen = max(watch.passCount - 1, 0)
        var found: (low: Float, high: Float, kind: Int)?
        for index in stride(from: watch.passCount - 1, through: 0, by: -1) {
            guard let images = watch.images(ofPass: index) else { continue }
            if let extremes = try extremes(of: images.value, runs: images.runs) {
                (chosen, found) = (index, extremes)
                break
            }
        }
        guard let images = watch.images(ofPass: chosen) else { throw GPUError("the watch drew no image") }
        let value = images.value
        if target?.size != value.size { target = try RenderTarget(TextureDescriptor(size: value.size)) }
        guard let target else { throw GPUError("no target for the watch's image") }
        target.bindForDrawing()
        program.use()
        value.bind(toUnit: 0, filter: GL_NEAREST)
        images.runs.bind(toUnit: 1, filter: GL_NEAREST)
        let low = found?.low ?? 0, high = found?.high ?? 0
        glUniform2f(program.uniformLocation("range"), low, high)
        glUniform1f(program.uniformLocation("scale"), max(abs(low), abs(high)))
        quad.draw()
        return Shown(image: target, type: found.flatMap { ShaderWatch.typeName(ofKind: $0.kind) }, range: found.map { $0.low...$0.high }, pass: chosen)
    }

    /// The smallest and largest number recorded where the line ran, and the type; nil where it never ran.
    private func extremes(of value: RenderTarget, runs: RenderTarget) throws(GPUError) -> (low: Float, high: Float, kind: Int)? {
        if levels?.size != value.size {
            var targets: [RenderTarget] = []
            var size = value.size
            repeat {
                size = PixelSize(width: (size.width + 3) / 4, height: (size.height + 3) / 4)
                targets.append(try RenderTarget(TextureDescriptor(size: size, format: .rgba32f)))
            } while size.width > 1 || size.height > 1
            levels = (value.size, targets)
        }
        guard let targets = levels?.targets else { return nil }
        var source = value
        for (index, level) in targets.enumerated() {
            let shrinking = index == 0 ? firstRange : range
            level.bindForDrawing()
            shrinking.use()
            source.bind(toUnit: 0, filter: GL_NEAREST)
            if index == 0 { runs.bind(toUnit: 1, filter: GL_NEAREST) }
            glUniform2i(shrinking.uniformLocation("sourceSize"), GLint(source.size.width), GLint(source.size.height))
            quad.draw()
            source = level
        }
        let merged = source.readPixel(x: 0, y: 0)
        guard merged[3] > 0.5 else { return nil }
        return (merged[0], merged[1], Int(merged[2].rounded()))
    }
}

import CGLES
import ShaderGraph

/// A watched expression's float image (`WatchInstrumentation`) drawn in false colour for the window: numbers along
/// a ramp over the range found in the frame, vectors as colours scaled by their largest magnitude, bools in two
/// colours, grey where the line never ran. Finding the range reads the float images back, a cost only while a
/// watch is shown.
public final class WatchFalseColour {
    public struct Shown {
        public let image: RenderTarget
        /// The type's name, and the smallest and largest value (for a vector, of any component) where the line ran.
        public let type: String?
        public let range: ClosedRange<Float>?
    }

    private let program: BuiltInProgram
    private let quad: FullscreenQuad
    private var target: RenderTarget?

    public init() throws(GPUError) {
        program = try BuiltInProgram("a watch's false colours", vertex: GPUShaderFile.fullscreenVertex.text,
                                     fragment: GPUShaderFile.watchFalseColour.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("value", unit: 0)
        program.setSampler("runs", unit: 1)
        quad = try FullscreenQuad()
    }

    /// Draws `value` (what the expression was) and `runs` (how often its line ran, and the type) of one frame.
    public func draw(value: RenderTarget, runs: RenderTarget) throws(GPUError) -> Shown {
        let values = value.readFloats(), counts = runs.readFloats()
        var kind = 0
        var low = Float.infinity, high = -Float.infinity
        for pixel in stride(from: 0, to: counts.count, by: 4) where counts[pixel] > 0.5 {
            kind = Int(counts[pixel + 1].rounded())
            let components = ShaderWatch.componentCount(ofKind: kind)
            for component in 0..<components {
                low = min(low, values[pixel + component])
                high = max(high, values[pixel + component])
            }
        }
        if target?.size != value.size { target = try RenderTarget(TextureDescriptor(size: value.size)) }
        guard let target else { throw GPUError("no target for the watch's image") }
        target.bindForDrawing()
        program.use()
        value.bind(toUnit: 0, filter: GL_NEAREST)
        runs.bind(toUnit: 1, filter: GL_NEAREST)
        glUniform2f(program.uniformLocation("range"), low.isFinite ? low : 0, high.isFinite ? high : 0)
        glUniform1f(program.uniformLocation("scale"), max(abs(low.isFinite ? low : 0), abs(high.isFinite ? high : 0)))
        quad.draw()
        return Shown(image: target, type: ShaderWatch.typeName(ofKind: kind), range: low <= high ? low...high : nil)
    }
}

import CGLES
import ShaderGraph

/// Lays an input whose aspect ratio differs from its pass onto a target of the pass's size, filled (cropped)
/// or fitted (with transparent black bars), so every shader, in every dialect, sees its inputs the shape of
/// its output. One extra pass per such input per frame; inputs of the pass's shape never come here.
package final class InputReshaper {
    let target: RenderTarget
    private let program: BuiltInProgram
    private let share: (Double, Double)

    /// Nil when the input needs no reshaping: stretched, or already the pass's aspect ratio.
    init?(mapping: InputMapping, input: PixelSize, pass: PixelSize) throws(GPUError) {
        guard mapping != .stretch, input.width * pass.height != input.height * pass.width else { return nil }
        share = mapping.visibleShare(input: input, pass: pass)
        target = try RenderTarget(TextureDescriptor(size: pass))
        program = try BuiltInProgram("an input's mapping", vertex: Self.vertex, fragment: Self.fragment,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("source", unit: 0)
        program.set(program.uniformLocation("share"), SIMD2(Float(share.0), Float(share.1)))
        program.set(program.uniformLocation("passSize"), SIMD2(Float(pass.width), Float(pass.height)))
    }

    /// Draws `image` onto `target`, the pass-shaped image the pass then samples.
    func reshape(_ image: RenderTarget, quad: FullscreenQuad) {
        target.bindForDrawing()
        program.use()
        image.bind(toUnit: 0, filter: GL_LINEAR)
        quad.draw()
    }

    package static let vertex = """
        #version 300 es
        in vec2 \(VertexStage.positionAttribute);
        void main() { gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0); }
        """

    /// Rows stay in image order: target row 0 samples near t = 0, the input's top.
    package static let fragment = """
        #version 300 es
        precision highp float;
        uniform sampler2D source;
        uniform vec2 share;
        uniform vec2 passSize;
        out vec4 result;
        void main() {
            vec2 coordinate = (gl_FragCoord.xy / passSize - 0.5) * share + 0.5;
            bool outside = any(lessThan(coordinate, vec2(0.0))) || any(greaterThan(coordinate, vec2(1.0)));
            result = outside ? vec4(0.0) : texture(source, coordinate);
        }
        """
}
